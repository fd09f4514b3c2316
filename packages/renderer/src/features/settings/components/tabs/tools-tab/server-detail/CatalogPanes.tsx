/** The server's prompts and resources (from mcp.discover), or why there are none. */
import { Alert, Empty, Flex, Tag, Typography } from 'antd';
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
  return (
    <li data-testid={testId} className="list-row">
      {children}
    </li>
  );
}

export function PromptsPane({ prompts, error }: { prompts: Prompt[]; error: AppErrorShape | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  if (error) return <KindError error={error} testId="prompts-error" />;
  if (prompts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.prompts.none')} />;
  return (
    <ul aria-label={t('detail.tabs.prompts')} className="plain-list">
      {prompts.map((prompt) => (
        <Row key={prompt.name} testId="prompt-row">
          <Typography.Text strong code>
            {prompt.name}
          </Typography.Text>
          {prompt.description ? (
            <Typography.Paragraph type="secondary" className="tool-description">
              {prompt.description}
            </Typography.Paragraph>
          ) : null}
          {prompt.arguments?.length ? (
            <div className="mt-xxs">
              <Typography.Text type="secondary">{t('detail.prompts.arguments')}</Typography.Text>
              <ul className="bullet-list prompt-args">
                {prompt.arguments.map((arg) => (
                  <li key={arg.name} data-testid="prompt-argument">
                    <Typography.Text code>{arg.name}</Typography.Text>
                    {arg.required ? <Tag color="red" className="required-tag">{t('detail.tools.required')}</Tag> : null}
                    {arg.description ? <Typography.Text type="secondary"> {arg.description}</Typography.Text> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <Typography.Paragraph type="secondary" className="catalog-note">
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
    <ul aria-label={t('detail.tabs.resources')} className="plain-list">
      {resources.map((resource) => (
        <Row key={resource.uri} testId="resource-row">
          <Flex gap="small" align="baseline" wrap>
            <Typography.Text strong>{resource.name}</Typography.Text>
            {resource.mimeType ? <Tag data-testid="resource-mime">{resource.mimeType}</Tag> : null}
          </Flex>
          <Typography.Text code copyable ellipsis={{ tooltip: resource.uri }} className="cap-width">
            {resource.uri}
          </Typography.Text>
          {resource.description ? (
            <Typography.Paragraph type="secondary" className="tool-description">
              {resource.description}
            </Typography.Paragraph>
          ) : null}
        </Row>
      ))}
    </ul>
  );
}
