import { Alert, Button, Empty, Flex, Input, Typography } from 'antd';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord, McpServerTool, McpToolIssue } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useToolsTabNav } from '../ToolsTabNav';
import { playgroundSessions } from '@renderer/features/playground';
import { ToolRow } from './ToolRow';
import { useToolLists } from './useToolLists';

interface ToolsPaneProps {
  server: McpServerRecord;
  tools: McpServerTool[];
  invalidTools: McpToolIssue[];
}

const matches = (tool: McpServerTool, needle: string) =>
  !needle || [tool.name, tool.title ?? '', tool.description].some((text) => text.toLowerCase().includes(needle));

/**
 * Every tool the server offers, the disabled ones too, each with its switches. What the switches
 * show comes from the record (`disabledTools`, `disabledAutoApproveTools`), which is what they write.
 */
export function ToolsPane({ server, tools, invalidTools }: ToolsPaneProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const lists = useToolLists(server);
  const [filter, setFilter] = useState('');
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const shown = useMemo(() => tools.filter((tool) => matches(tool, needle)), [tools, needle]);
  const disabled = useMemo(() => new Set(lists.disabledTools), [lists.disabledTools]);
  const noAutoApprove = useMemo(() => new Set(lists.disabledAutoApproveTools), [lists.disabledAutoApproveTools]);
  const enabledCount = tools.filter((tool) => !disabled.has(tool.name)).length;
  const { set } = lists;
  const onEnabledChange = useCallback((name: string, on: boolean) => set('disabledTools', [name], !on), [set]);
  const onAutoApproveChange = useCallback((name: string, on: boolean) => set('disabledAutoApproveTools', [name], !on), [set]);
  const { openDetail } = useToolsTabNav();
  const onTry = useCallback(
    (name: string) => {
      playgroundSessions.pick(server.id, name);
      openDetail(server.id, 'playground');
    },
    [server.id, openDetail],
  );
  const shownNames = shown.map((tool) => tool.name);
  const filtered = needle !== '';

  return (
    <Flex vertical gap="small" data-testid="detail-tools">
      <Flex gap="small" align="center" wrap>
        <Input.Search
          allowClear
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('detail.tools.filterPlaceholder')}
          aria-label={t('detail.tools.filter')}
          className="pane-search"
        />
        <Typography.Text type="secondary" data-testid="tools-count" className="flex-fill">
          {t('detail.tools.count', { shown: shown.length, total: tools.length, enabled: enabledCount })}
        </Typography.Text>
        <Button size="small" disabled={shown.length === 0} onClick={() => set('disabledTools', shownNames, false)}>
          {filtered ? t('detail.tools.enableShown', { count: shown.length }) : t('detail.tools.enableAll')}
        </Button>
        <Button size="small" disabled={shown.length === 0} onClick={() => set('disabledTools', shownNames, true)}>
          {filtered ? t('detail.tools.disableShown', { count: shown.length }) : t('detail.tools.disableAll')}
        </Button>
      </Flex>
      {lists.error ? <ErrorAlert error={lists.error} title={t('detail.tools.saveFailed')} testId="tools-save-error" /> : null}
      {invalidTools.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('detail.tools.invalid', { count: invalidTools.length })}
          description={
            <ul className="bullet-list">
              {invalidTools.map((issue) => (
                <li key={issue.name}>
                  <Typography.Text code>{issue.name}</Typography.Text> {issue.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {tools.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.tools.none')} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.tools.noMatch', { filter: filter.trim() })} />
      ) : (
        <ul aria-label={t('detail.tools.label', { server: server.name })} className="plain-list">
          {shown.map((tool) => (
            <ToolRow
              key={tool.name}
              tool={tool}
              enabled={!disabled.has(tool.name)}
              autoApprove={!noAutoApprove.has(tool.name)}
              onEnabledChange={onEnabledChange}
              onAutoApproveChange={onAutoApproveChange}
              onTry={onTry}
            />
          ))}
        </ul>
      )}
    </Flex>
  );
}
