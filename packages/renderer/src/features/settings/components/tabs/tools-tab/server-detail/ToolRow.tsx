import { Button, Collapse, Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerTool } from '@shared/contracts/mcp-types';
import { isVisibleToModel } from '@shared/mcpApps';
import { SchemaView } from './SchemaView';
import { annotationTags } from './toolAnnotations';
import { schemaParameters } from './schemaParameters';
import { VisibleText } from '@renderer/components/VisibleText';

interface ToolRowProps {
  tool: McpServerTool;
  enabled: boolean;
  autoApprove: boolean;
  onEnabledChange: (name: string, enabled: boolean) => void;
  onAutoApproveChange: (name: string, autoApprove: boolean) => void;
  /** Opens the playground on this tool. */
  onTry: (name: string) => void;
}

/** One tool: what it is called and does, the server's hints about it, its two switches and its schema. */
export const ToolRow = memo(function ToolRowView({ tool, enabled, autoApprove, onEnabledChange, onAutoApproveChange, onTry }: ToolRowProps) {
  const { t } = useTranslation(['settings/tools', 'serverRequests', 'playground', 'common']);
  const label = tool.title ?? tool.name;
  const tags = annotationTags(tool.annotations);
  const parameterCount = schemaParameters(tool.inputSchema).length;
  // "Always ask" is the list itself (disabledAutoApproveTools); off leaves the call to the approval
  // policy (annotations, trust), so the switch does not claim the tool runs unasked.
  const alwaysAskSwitch = (
    <Switch
      size="small"
      checked={enabled && !autoApprove}
      disabled={!enabled}
      aria-label={t('serverRequests:approvals.alwaysAskLabel', { tool: label })}
      onChange={(on) => onAutoApproveChange(tool.name, !on)}
      data-testid="tool-always-ask"
    />
  );
  return (
    <li
      data-testid="tool-row"
      data-tool-name={tool.name}
      data-enabled={enabled}
      className="list-row"
    >
      <Flex justify="space-between" align="flex-start" gap="middle" wrap>
        <div className="tool-row-main">
          <Flex gap="small" align="baseline" wrap>
            <Typography.Text strong ellipsis={{ tooltip: <VisibleText text={label} /> }} className="cap-width" data-testid="tool-label">
              <VisibleText text={label} />
            </Typography.Text>
            {tool.title ? (
              <Typography.Text code ellipsis={{ tooltip: <VisibleText text={tool.name} /> }} className="tool-name">
                <VisibleText text={tool.name} />
              </Typography.Text>
            ) : null}
            {!enabled ? <Tag>{t('detail.tools.disabledTag')}</Tag> : null}
            {tool.app?.resourceUri !== undefined ? (
              <Tooltip title={t('detail.tools.appTagHelp')}>
                <Tag color="geekblue" tabIndex={0} data-testid="tool-app-tag">{t('detail.tools.appTag')}</Tag>
              </Tooltip>
            ) : null}
            {!isVisibleToModel(tool) ? (
              <Tooltip title={t('detail.tools.appOnlyTagHelp')}>
                <Tag tabIndex={0} data-testid="tool-app-only-tag">{t('detail.tools.appOnlyTag')}</Tag>
              </Tooltip>
            ) : null}
          </Flex>
          {tags.length > 0 ? (
            <Flex gap={4} wrap className="mt-xxs" role="list" aria-label={t('detail.tools.annotations.label')}>
              {tags.map((tag) => (
                <Tooltip key={tag.key} title={t(`detail.tools.annotations.${tag.key}Help`)}>
                  <Tag role="listitem" color={tag.color} data-testid="tool-annotation" data-annotation={tag.key} tabIndex={0}>
                    {t(`detail.tools.annotations.${tag.key}`)}
                  </Tag>
                </Tooltip>
              ))}
            </Flex>
          ) : null}
        </div>
        <Flex gap="middle" align="center" className="flex-none">
          <Button size="small" onClick={() => onTry(tool.name)} aria-label={t('playground:tryLabel', { tool: label })} data-testid="tool-try">
            {t('playground:try')}
          </Button>
          <Flex gap={6} align="center">
            <Switch
              size="small"
              checked={enabled}
              aria-label={t('detail.tools.enableLabel', { tool: label })}
              onChange={(on) => onEnabledChange(tool.name, on)}
              data-testid="tool-enabled"
            />
            <Typography.Text aria-hidden>{t('detail.tools.enabled')}</Typography.Text>
          </Flex>
          <Flex gap={6} align="center">
            <Tooltip title={enabled ? t('serverRequests:approvals.alwaysAskHelp') : t('detail.tools.autoApproveOffHint')}>{alwaysAskSwitch}</Tooltip>
            <Typography.Text aria-hidden {...(!enabled && { type: 'secondary' })}>
              {t('serverRequests:approvals.alwaysAsk')}
            </Typography.Text>
          </Flex>
        </Flex>
      </Flex>
      {tool.description ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: 'collapsible' }} className="tool-description">
          <VisibleText text={tool.description} multiline />
        </Typography.Paragraph>
      ) : null}
      <Collapse
        size="small"
        ghost
        className="mt-xxs"
        items={[
          {
            key: 'schema',
            label: t('detail.tools.schema', { count: parameterCount }),
            children: <SchemaView schema={tool.inputSchema} />,
          },
        ]}
      />
    </li>
  );
});
