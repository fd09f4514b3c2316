/** What the approval dialog shows besides the decision: the server's hints, and what changed in a tool allowed before. */
import { Alert, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ToolChange } from '@shared/contracts/chat';
import type { McpToolAnnotations } from '@shared/contracts/mcp-types';
import { VisibleText } from '@renderer/components/VisibleText';
import { annotationTags } from '@renderer/features/settings/components/tabs/tools-tab/server-detail/toolAnnotations';

/** The server's hints as tags with their meaning on hover, or "None declared". */
export function AnnotationTagList({ annotations, testId }: { annotations: McpToolAnnotations | undefined; testId: string }) {
  const { t } = useTranslation(['serverRequests', 'settings/tools']);
  const tags = annotationTags(annotations);
  if (tags.length === 0) return <Typography.Text type="secondary">{t('approvals.dialog.noAnnotations')}</Typography.Text>;
  return (
    <Flex gap={4} wrap role="list" aria-label={t('settings/tools:detail.tools.annotations.label')}>
      {tags.map((tag) => (
        <Tooltip key={tag.key} title={t(`settings/tools:detail.tools.annotations.${tag.key}Help`)}>
          <Tag role="listitem" color={tag.color} data-testid={testId} data-annotation={tag.key}>
            {t(`settings/tools:detail.tools.annotations.${tag.key}`)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

/**
 * The tool was re-declared after the person allowed it for this chat (the allowance is revoked):
 * each changed field, as it read when allowed and as it reads now. A schema change is named only;
 * the arguments below are what the call would send.
 */
export function ToolChangeAlert({ tool, change }: { tool: string; change: ToolChange }) {
  const { t } = useTranslation(['serverRequests', 'settings/tools']);
  const text = (value: string | undefined) =>
    value === undefined ? (
      <Typography.Text type="secondary">{t('approvals.changed.none')}</Typography.Text>
    ) : (
      <Typography.Text className="changed-text">
        <VisibleText text={value} multiline />
      </Typography.Text>
    );
  const side = (definition: ToolChange['previous'], field: Exclude<ToolChange['fields'][number], 'inputSchema'>, testId: string) =>
    field === 'annotations' ? <AnnotationTagList annotations={definition.annotations} testId={testId} /> : text(definition[field]);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="approval-changed"
      title={t('approvals.changed.title', { tool })}
      description={
        <Flex vertical gap="small" className="min-w-0">
          {change.fields.map((field) => (
            <div key={field} data-testid="approval-change" data-field={field} className="min-w-0">
              <Typography.Text strong>{t(`approvals.changed.fields.${field}`)}</Typography.Text>
              {field === 'inputSchema' ? (
                <div>{t('approvals.changed.schemaChanged')}</div>
              ) : (
                <div className="changed-grid">
                  <Typography.Text type="secondary">{t('approvals.changed.before')}</Typography.Text>
                  <div data-testid="approval-change-before">{side(change.previous, field, 'approval-change-annotation')}</div>
                  <Typography.Text type="secondary">{t('approvals.changed.now')}</Typography.Text>
                  <div data-testid="approval-change-now">{side(change.current, field, 'approval-change-annotation')}</div>
                </div>
              )}
            </div>
          ))}
        </Flex>
      }
    />
  );
}
