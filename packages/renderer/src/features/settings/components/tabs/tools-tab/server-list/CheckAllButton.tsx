import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateError } from '@renderer/components/translateError';
import { useRouteMutation } from '@renderer/data/useRoute';

/**
 * "Check all": every active server is connected and lists its tools (mcp.test_all; the host
 * starts a few at a time). A person's action, so no failed server waits for its retry time. The
 * rows follow live as states arrive; the message sums it up.
 */
export function CheckAllButton() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const [messages, holder] = message.useMessage();
  const check = useRouteMutation('mcp.test_all', {
    invalidates: ['mcp.last_seen', 'mcp.status', 'mcp.list_tools'],
    onSuccess: (results) => {
      const failed = results.filter((r) => !r.result.success).length;
      void messages.open({
        type: failed ? 'warning' : 'success',
        content: <span data-testid="check-all-result">{t('list.checkAllDone', { count: results.length, ok: results.length - failed, failed })}</span>,
      });
    },
    onError: (error) => void messages.error(translateError(tErrors, error)),
  });
  return (
    <>
      {holder}
      <Tooltip title={t('list.checkAllTitle')}>
        <Button size="small" icon={<CheckCircleOutlined aria-hidden />} loading={check.isPending} onClick={() => check.mutate({})} data-testid="check-all">
          {t('list.checkAll')}
        </Button>
      </Tooltip>
    </>
  );
}
