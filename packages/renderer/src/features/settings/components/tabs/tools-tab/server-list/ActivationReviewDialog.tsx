import { Alert, Descriptions, Flex, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRANSPORTS } from '@shared/transports';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';

export interface ActivationReviewDialogProps {
  serverId: string;
  name: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The confirmation a server that arrived by install link needs before it first runs: exactly
 * what the host's review lists (command and arguments or URL, env keys, header names). The
 * review's token goes back with the confirmation, so the host refuses it if the server changed
 * after what was shown here. A web page wrote the link; the person decides whether it runs.
 */
export function ActivationReviewDialog({ serverId, name, open, onClose }: ActivationReviewDialogProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  // Fresh on every opening: a review read before an edit would only be refused as stale.
  const review = useRoute('mcp.activation_review', { id: serverId }, { enabled: open, staleTime: 0, gcTime: 0 });
  const activate = useRouteMutation('mcp.activate', {
    invalidates: ['mcp.list', 'mcp.status'],
    onSuccess: () => onClose(),
    // Someone changed the server meanwhile: show what it would run now, to be confirmed again.
    onError: (error) => void (error.code === 'ACTIVATION_REVIEW_STALE' && review.refetch()),
  });
  const data = review.data;
  const none = <Typography.Text type="secondary">{t('activationReview.none')}</Typography.Text>;
  const names = (list: string[]) =>
    list.length ? (
      <Flex gap={4} wrap>
        {list.map((item) => (
          <Typography.Text key={item} code>
            {item}
          </Typography.Text>
        ))}
      </Flex>
    ) : (
      none
    );

  return (
    <Modal
      open={open}
      title={t('activationReview.title', { name })}
      okText={t('activationReview.confirm')}
      cancelText={t('activationReview.cancel')}
      okButtonProps={{ disabled: !data, loading: activate.isPending }}
      onOk={() => data && activate.mutate({ id: serverId, reviewToken: data.reviewToken })}
      onCancel={onClose}
      afterClose={() => activate.reset()}
      destroyOnHidden
      width={620}
      data-testid="activation-review"
    >
      <Flex vertical gap="middle" data-testid="activation-review-body">
        <Alert type="warning" showIcon title={t('activationReview.intro', { name })} />
        {review.error ? <ErrorAlert error={review.error} /> : null}
        {data ? (
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 170 } }}>
            <Descriptions.Item label={t('activationReview.transport')}>{t(TRANSPORTS.get(data.type).displayKey)}</Descriptions.Item>
            {data.command !== undefined ? (
              <Descriptions.Item label={t('activationReview.command')}>
                <Typography.Text code data-testid="review-command" style={{ wordBreak: 'break-all' }}>
                  {data.command}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            {data.command !== undefined ? (
              <Descriptions.Item label={t('activationReview.args')}>
                {data.args.length ? (
                  <ol data-testid="review-args" style={{ margin: 0, paddingInlineStart: 20 }}>
                    {data.args.map((arg, index) => (
                      <li key={index}>
                        <Typography.Text code style={{ wordBreak: 'break-all' }}>
                          {arg}
                        </Typography.Text>
                      </li>
                    ))}
                  </ol>
                ) : (
                  none
                )}
              </Descriptions.Item>
            ) : null}
            {data.url !== undefined ? (
              <Descriptions.Item label={t('activationReview.url')}>
                <Typography.Text code data-testid="review-url" style={{ wordBreak: 'break-all' }}>
                  {data.url}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('activationReview.envKeys')}>
              <div data-testid="review-env">{names(data.envKeys)}</div>
            </Descriptions.Item>
            <Descriptions.Item label={t('activationReview.headerNames')}>
              <div data-testid="review-headers">{names(data.headerNames)}</div>
            </Descriptions.Item>
          </Descriptions>
        ) : review.isPending && open ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : null}
        {data && (data.envKeys.length > 0 || data.headerNames.length > 0) ? (
          <Typography.Text type="secondary">{t('activationReview.valuesHidden')}</Typography.Text>
        ) : null}
        {activate.error ? <ErrorAlert error={activate.error} testId="activation-error" /> : null}
      </Flex>
    </Modal>
  );
}
