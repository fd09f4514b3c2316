/**
 * The tool playground: pick a tool, fill its arguments (form or JSON), run it, watch its
 * progress, cancel it, see the result, and go back to any earlier call.
 */
import { Alert, Button, Empty, Flex, Select, Tag, Typography, theme } from 'antd';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord, McpServerTool } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { ToolCallDisplay } from '@renderer/components/ToolCallDisplay';
import { useRouteMutation } from '@renderer/data/useRoute';
import { ArgumentsEditor, jsonText, parseArgs, type ArgumentsEditorHandle } from './ArgumentsEditor';
import { callHistory, useCallHistory, type HistoryEntry } from './callHistory';
import { CallStatusTag, formatDuration } from './CallStatusTag';
import { toRjsfErrors, validateJson } from './cfworkerValidator';
import { defaultArguments, formFallbackReason, formSchema } from './formSupport';
import { HistoryList } from './HistoryList';
import { usePlaygroundSession, type Draft } from './playgroundSession';
import { RunStatus } from './RunStatus';
import { useToolCall } from './useToolCall';
import { validationMessage } from './validationMessages';

interface PlaygroundPaneProps {
  server: McpServerRecord;
  tools: McpServerTool[];
}

/** A tool's fresh draft: its schema's defaults, in the form when the schema has one. */
function freshDraft(tool: McpServerTool): Draft {
  const formable = formFallbackReason(tool.inputSchema) === undefined;
  const args = formable ? defaultArguments(formSchema(tool.inputSchema)) : {};
  return { args, text: jsonText(args), mode: formable ? 'form' : 'json' };
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function PlaygroundPane({ server, tools }: PlaygroundPaneProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const [session, update] = usePlaygroundSession(server.id);
  const history = useCallHistory(server.id);
  const call = useToolCall(server);
  const editor = useRef<ArgumentsEditorHandle>(null);
  const [issues, setIssues] = useState<{ toolName: string; list: { path: string; message: string }[] }>();
  const enable = useRouteMutation('mcp.update', { invalidates: ['mcp.list', 'mcp.discover'] });

  const tool = tools.find((candidate) => candidate.name === session.toolName) ?? tools[0];
  const toolName = tool?.name;
  const fresh = useMemo(() => (tool ? freshDraft(tool) : undefined), [tool]);
  const draft = (toolName && session.drafts[toolName]) || fresh;
  const shown = history.find((entry) => entry.callId === session.shownCallId);
  const disabled = toolName !== undefined && server.disabledTools.includes(toolName);
  const refusedAsDisabled = shown?.error?.code === 'MCP_TOOL_DISABLED' && shown.toolName === toolName;
  const shownIssues = issues && issues.toolName === toolName ? issues.list : [];

  if (!tool || !draft || !toolName) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.tools.none')} />;

  const setDraft = (next: Draft) => update((s) => ({ ...s, drafts: { ...s.drafts, [toolName]: next } }));
  const pick = (name: string) => update((s) => ({ ...s, toolName: name }));

  const start = (name: string, args: Record<string, unknown>) => {
    const { callId } = call.run(name, args);
    update((s) => ({ ...s, shownCallId: callId }));
  };

  /** Checks the arguments against the tool's schema; a failed check marks the fields and sends nothing. */
  const run = () => {
    if (call.running) return;
    // The box keeps unparseable text as typed (its error is shown); it is never sent.
    if (draft.mode === 'json' && 'error' in parseArgs(draft.text)) return;
    const checked = validateJson(tool.inputSchema, draft.args);
    const errors = checked.validationError ? [] : toRjsfErrors(checked.errors);
    if (errors.length > 0) {
      setIssues({ toolName, list: errors.map((error) => ({ path: error.property === '.' ? '' : (error.property ?? '').slice(1), message: validationMessage(error, tool.inputSchema, t) })) });
      editor.current?.validate();
      return;
    }
    setIssues(undefined);
    start(toolName, draft.args);
  };

  const rerun = (entry: HistoryEntry) => {
    update((s) => ({ ...s, toolName: entry.toolName, drafts: { ...s.drafts, [entry.toolName]: { ...(s.drafts[entry.toolName] ?? { mode: 'form' }), args: entry.args, text: jsonText(entry.args) } } }));
    setIssues(undefined);
    start(entry.toolName, entry.args);
  };

  const enableAndRun = () =>
    // The same write as the tools pane's switch; a refusal is shown from `enable.error` and nothing runs.
    enable.mutate({ id: server.id, updates: { disabledTools: server.disabledTools.filter((name) => name !== toolName) } }, { onSuccess: () => start(toolName, draft.args) });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  };

  const runKey = isMac ? '⌘↵' : 'Ctrl+Enter';

  return (
    <div
      data-testid="playground"
      onKeyDown={onKeyDown}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(400px, 100%), 1fr))', gap: token.marginLG, alignItems: 'start' }}
    >
      <Flex vertical gap="small" style={{ minWidth: 0 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={toolName}
          onChange={pick}
          aria-label={t('playground.tool')}
          data-testid="playground-tool"
          options={tools.map((candidate) => ({
            value: candidate.name,
            label: candidate.name,
            title: candidate.title ?? candidate.name,
          }))}
          optionRender={(option) => (
            <Flex justify="space-between" gap="small">
              <Typography.Text ellipsis>{option.label}</Typography.Text>
              {server.disabledTools.includes(String(option.value)) ? <Tag style={{ marginInlineEnd: 0 }}>{t('detail.tools.disabledTag')}</Tag> : null}
            </Flex>
          )}
        />
        {tool.description ? (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: 'collapsible' }} style={{ margin: 0, whiteSpace: 'pre-line' }}>
            {tool.description}
          </Typography.Paragraph>
        ) : null}
        {disabled || refusedAsDisabled ? (
          <Alert
            type="warning"
            showIcon
            data-testid="playground-disabled"
            title={t('playground.disabled.title')}
            description={t('playground.disabled.why', { tool: toolName, server: server.name })}
            action={
              <Button size="small" type="primary" loading={enable.isPending} disabled={call.running !== undefined} onClick={enableAndRun}>
                {t('playground.disabled.enableAndRun')}
              </Button>
            }
          />
        ) : null}
        {enable.error ? <ErrorAlert error={enable.error} title={t('detail.tools.saveFailed')} /> : null}
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
            {t('playground.validation.blocked', { count: shownIssues.length })}
          </Typography.Text>
        ) : null}
        <Flex gap="small" align="center" wrap>
          <Button type="primary" onClick={run} loading={call.running !== undefined} data-testid="playground-run" aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}>
            {t('playground.run')}
          </Button>
          {call.running ? (
            <Button danger onClick={() => void call.cancel()} loading={call.cancelling} data-testid="playground-cancel">
              {t('playground.cancel')}
            </Button>
          ) : null}
          <Button onClick={() => fresh && setDraft({ ...fresh, mode: draft.mode })} disabled={call.running !== undefined}>
            {t('playground.reset')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('playground.runHint', { key: runKey })}
          </Typography.Text>
        </Flex>
      </Flex>

      <Flex vertical gap="middle" style={{ minWidth: 0 }}>
        <section aria-label={t('playground.result')} data-testid="playground-result">
          {shown ? (
            <Flex vertical gap="small">
              <Flex align="center" gap="small" wrap>
                <Typography.Text strong ellipsis={{ tooltip: shown.toolName }} style={{ maxWidth: 240 }}>
                  {shown.toolName}
                </Typography.Text>
                <CallStatusTag status={shown.status} />
                {shown.durationMs !== undefined ? (
                  <Typography.Text type="secondary" data-testid="playground-duration">
                    {t('playground.duration', { duration: formatDuration(shown.durationMs) })}
                  </Typography.Text>
                ) : null}
              </Flex>
              {shown.status === 'running' ? <RunStatus startedAt={shown.startedAt} progress={call.progress} /> : null}
              {shown.status === 'cancelled' ? <Typography.Text type="secondary">{t('playground.cancelled')}</Typography.Text> : null}
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
                  }}
                  header={false}
                />
              ) : null}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.noResult', { key: runKey })} />
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
