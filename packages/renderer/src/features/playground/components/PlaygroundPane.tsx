/**
 * The tool playground: pick a tool, fill its arguments (form or JSON), run it, watch its
 * progress, cancel it, see the result, and go back to any earlier call.
 */
import { Alert, Button, Empty, Flex, Select, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord, McpServerTool } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { ToolCallDisplay, type ToolCallApp } from '@renderer/components/ToolCallDisplay';
import { usePlayground } from '../hooks/usePlayground';
import { callHistory } from '../model/callHistory';
import { formFallbackReason } from '../model/formSupport';
import { ArgumentsEditor } from './ArgumentsEditor';
import { CallStatusTag, formatDuration } from './CallStatusTag';
import { HistoryList } from './HistoryList';
import { RunStatus } from './RunStatus';
import { ToolName, toolTitle } from './ToolName';
import { useRevealOnChange } from '../hooks/useRevealOnChange';

interface PlaygroundPaneProps {
  server: McpServerRecord;
  tools: McpServerTool[];
}

/** The called tool's MCP App, if it has one and the call has a result (ToolCallDisplay shows it above the text result). */
function appOf(serverId: string, tools: McpServerTool[], toolName: string, callId: string | undefined): ToolCallApp | undefined {
  const tool = tools.find((candidate) => candidate.name === toolName);
  return tool?.app?.resourceUri && callId ? { serverId, tool, callKey: callId } : undefined;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function PlaygroundPane({ server, tools }: PlaygroundPaneProps) {
  const { t } = useTranslation(['playground', 'settings/tools', 'common']);
  const { session, update, history, call, editor, enable, fresh, shown, disabled, refusedAsDisabled, shownIssues, linkedToolMissing, chosen } = usePlayground(server, tools);
  const resultSection = useRef<HTMLElement>(null);
  // Below a long form the result would start and arrive out of sight.
  useRevealOnChange(resultSection, shown ? `${shown.callId}:${shown.status}` : undefined);

  if (!chosen) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settings/tools:detail.tools.none')} />;
  const { tool, toolName, draft, setDraft, pick, run, rerun, enableAndRun, onKeyDown } = chosen;

  const runKey = isMac ? '⌘↵' : 'Ctrl+Enter';

  return (
    <div
      data-testid="playground"
      onKeyDown={onKeyDown}
      className="playground"
    >
      <Flex vertical gap="small" className="min-w-0">
        <Select
          showSearch={{ optionFilterProp: 'search' }}
          value={toolName}
          onChange={pick}
          aria-label={t('tool')}
          data-testid="playground-tool"
          data-tool-name={toolName}
          options={tools.map((candidate) => ({
            value: candidate.name,
            label: <ToolName tool={candidate} />,
            title: candidate.name,
            // Found by what the person sees: the title and the name.
            search: [toolTitle(candidate), candidate.name].filter(Boolean).join(' '),
          }))}
          optionRender={(option) => (
            <Flex justify="space-between" gap="small">
              {option.label}
              {server.disabledTools.includes(String(option.value)) ? <Tag>{t('settings/tools:detail.tools.disabledTag')}</Tag> : null}
            </Flex>
          )}
        />
        {linkedToolMissing ? <Alert type="error" showIcon data-testid="playground-link-problem" title={t('appLink.noTool', { tool: linkedToolMissing, server: server.name })} /> : null}
        {tool.description ? (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: 'collapsible' }} className="m-0 pre-line">
            {tool.description}
          </Typography.Paragraph>
        ) : null}
        {disabled || refusedAsDisabled ? (
          <Alert
            type="warning"
            showIcon
            data-testid="playground-disabled"
            title={t('disabled.title')}
            description={t('disabled.why', { tool: toolName, server: server.name })}
            action={
              <Button size="small" type="primary" loading={enable.isPending} disabled={call.running !== undefined} onClick={enableAndRun}>
                {t('disabled.enableAndRun')}
              </Button>
            }
          />
        ) : null}
        {enable.error ? <ErrorAlert error={enable.error} title={t('settings/tools:detail.tools.saveFailed')} /> : null}
        <ArgumentsEditor
          key={toolName}
          ref={editor}
          toolName={toolName}
          schema={tool.inputSchema}
          draft={draft}
          onDraft={setDraft}
          liveValidate={shownIssues.length > 0}
          jsonErrors={draft.mode === 'json' || formFallbackReason(tool.inputSchema) ? shownIssues : []}
        />
        {shownIssues.length > 0 ? (
          <Typography.Text type="danger" role="alert" data-testid="playground-invalid">
            {t('validation.blocked', { count: shownIssues.length })}
          </Typography.Text>
        ) : null}
        <Flex gap="small" align="center" wrap>
          <Button type="primary" onClick={run} loading={call.running !== undefined} data-testid="playground-run" aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}>
            {t('run')}
          </Button>
          {call.running ? (
            <Button danger onClick={() => void call.cancel()} loading={call.cancelling} data-testid="playground-cancel">
              {t('cancel')}
            </Button>
          ) : null}
          <Button onClick={() => fresh && setDraft({ ...fresh, mode: draft.mode })} disabled={call.running !== undefined}>
            {t('reset')}
          </Button>
          <Typography.Text type="secondary" className="text-sm">
            {t('runHint', { key: runKey })}
          </Typography.Text>
        </Flex>
      </Flex>

      <Flex vertical gap="middle" className="min-w-0">
        <section aria-label={t('result')} data-testid="playground-result" ref={resultSection}>
          {shown ? (
            <Flex vertical gap="small">
              <Flex align="center" gap="small" wrap>
                <Typography.Text strong ellipsis={{ tooltip: shown.toolName }} className="tool-name-short">
                  {shown.toolName}
                </Typography.Text>
                <CallStatusTag status={shown.status} />
                {shown.durationMs !== undefined ? (
                  <Typography.Text type="secondary" data-testid="playground-duration">
                    {t('duration', { duration: formatDuration(shown.durationMs) })}
                  </Typography.Text>
                ) : null}
              </Flex>
              {shown.status === 'running' ? <RunStatus startedAt={shown.startedAt} progress={call.progress} /> : null}
              {shown.status === 'cancelled' ? <Typography.Text type="secondary">{t('cancelled')}</Typography.Text> : null}
              {shown.status !== 'running' ? (
                <ToolCallDisplay
                  call={{
                    serverName: shown.serverName,
                    toolName: shown.toolName,
                    args: shown.args,
                    result: shown.result,
                    // A cancelled call is said above in words; the display shows what was sent, not a failure.
                    error: shown.status === 'cancelled' ? undefined : shown.error,
                    outputSchema: tools.find((candidate) => candidate.name === shown.toolName)?.outputSchema,
                    running: false,
                    app: appOf(server.id, tools, shown.toolName, shown.result ? shown.callId : undefined),
                  }}
                  header={false}
                />
              ) : null}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult', { key: runKey })} />
          )}
        </section>
        <HistoryList
          entries={history}
          shownCallId={session.shownCallId}
          onShow={(entry) => update((s) => ({ ...s, shownCallId: entry.callId }))}
          onRerun={rerun}
          onClear={() => callHistory.clear(server.id)}
          running={call.running !== undefined}
        />
      </Flex>
    </div>
  );
}
