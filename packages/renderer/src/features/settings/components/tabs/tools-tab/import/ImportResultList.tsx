import { CheckCircleFilled, CloseCircleFilled, MinusCircleFilled, SwapOutlined } from '@ant-design/icons';
import { Button, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportOutcomeKind, McpImportResult } from '@shared/contracts/mcp-import';
import { useIssueText } from './issueText';

/** What became of each entry, in the text's order; why for the ones not imported. */
export function ImportResultList({ result, onDone, onMore }: { result: McpImportResult; onDone: () => void; onMore: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const issueText = useIssueText();
  const icons: Record<ImportOutcomeKind, React.ReactNode> = {
    added: <CheckCircleFilled aria-hidden className="text-success" />,
    renamed: <CheckCircleFilled aria-hidden className="text-success" />,
    replaced: <SwapOutlined aria-hidden className="text-info" />,
    skipped: <MinusCircleFilled aria-hidden className="text-tertiary" />,
    invalid: <CloseCircleFilled aria-hidden className="text-error" />,
  };
  const saved = result.results.filter((r) => r.outcome === 'added' || r.outcome === 'renamed' || r.outcome === 'replaced').length;
  return (
    <Flex vertical gap="small" data-testid="import-result">
      <Typography.Title level={5} className="m-0" role="status">
        {t('import.result.title', { count: saved, total: result.results.length })}
      </Typography.Title>
      <List
        size="small"
        bordered
        dataSource={result.results}
        className="import-results"
        renderItem={(r) => (
          <List.Item data-entry={r.key} data-outcome={r.outcome}>
            <Flex gap="small" align="start" className="min-w-0 full-width">
              <span aria-hidden>{icons[r.outcome]}</span>
              <Flex vertical className="min-w-0">
                <Typography.Text strong ellipsis={{ tooltip: r.key }}>
                  {r.key}
                </Typography.Text>
                <Typography.Text type={r.outcome === 'invalid' ? 'danger' : 'secondary'}>
                  {r.outcome === 'renamed'
                    ? t('import.result.renamed', { name: r.name })
                    : r.outcome === 'invalid' && r.issues?.length
                      ? t('import.result.invalidWhy', { reasons: r.issues.map(issueText).join('; ') })
                      : t(`import.result.${r.outcome}`)}
                  {r.outcome === 'skipped' && r.name ? ` — ${t('import.duplicate.existing', { name: r.name })}` : null}
                </Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      <Flex justify="space-between">
        <Button onClick={onMore}>{t('import.result.more')}</Button>
        <Button type="primary" onClick={onDone}>
          {t('import.result.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
