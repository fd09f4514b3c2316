/** The server's prompts and resources (from mcp.discover), or why there are none. */
import { Alert, Empty, Flex, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpDiscoverResult } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { translateError } from '@renderer/components/translateError';

type Prompt = McpDiscoverResult['prompts'][number];
type Resource = McpDiscoverResult['resources'][number];

/** A kind the server does not offer is information, not a failure; anything else is an error. */
function KindError({ error, testId }: { error: AppErrorShape; testId: string }) {
  const { t: tErrors } = useTranslation('errors');
  if (error.code === 'MCP_NOT_SUPPORTED') return <Alert type="info" showIcon data-testid={testId} title={translateError(tErrors, error)} />;
  return <ErrorAlert error={error} testId={testId} />;
}

function Row({ children, testId }: { children: ReactNode; testId: string }) {
  const { token } = theme.useToken();
  return (
    <li data-testid={testId} style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}>
      {children}
    </li>
  );
}

export function PromptsPane({ prompts, error }: { prompts: Prompt[]; error: AppErrorShape | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  if (error) return <KindError error={error} testId="prompts-error" />;
  if (prompts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.prompts.none')} />;
  return (
    <ul aria-label={t('detail.tabs.prompts')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {prompts.map((prompt) => (
        <Row key={prompt.name} testId="prompt-row">
          <Typography.Text strong code>
            {prompt.name}
          </Typography.Text>
          {prompt.description ? (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
              {prompt.description}
            </Typography.Paragraph>
          ) : null}
          {prompt.arguments?.length ? (
            <div style={{ marginTop: 4 }}>
              <Typography.Text type="secondary">{t('detail.prompts.arguments')}</Typography.Text>
              <ul style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
                {prompt.arguments.map((arg) => (
                  <li key={arg.name} data-testid="prompt-argument">
                    <Typography.Text code>{arg.name}</Typography.Text>
                    {arg.required ? <Tag color="red" style={{ marginInlineStart: 4 }}>{t('detail.tools.required')}</Tag> : null}
                    {arg.description ? <Typography.Text type="secondary"> {arg.description}</Typography.Text> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('detail.prompts.noArguments')}
            </Typography.Paragraph>
          )}
        </Row>
      ))}
    </ul>
  );
}

export function ResourcesPane({ resources, error }: { resources: Resource[]; error: AppErrorShape | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  if (error) return <KindError error={error} testId="resources-error" />;
  if (resources.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.resources.none')} />;
  return (
    <ul aria-label={t('detail.tabs.resources')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {resources.map((resource) => (
        <Row key={resource.uri} testId="resource-row">
          <Flex gap="small" align="baseline" wrap>
            <Typography.Text strong>{resource.name}</Typography.Text>
            {resource.mimeType ? <Tag data-testid="resource-mime">{resource.mimeType}</Tag> : null}
          </Flex>
          <Typography.Text code copyable ellipsis={{ tooltip: resource.uri }} style={{ maxWidth: '100%' }}>
            {resource.uri}
          </Typography.Text>
          {resource.description ? (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
              {resource.description}
            </Typography.Paragraph>
          ) : null}
        </Row>
      ))}
    </ul>
  );
}
