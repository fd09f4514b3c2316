/**
 * The playground's state and actions, for PlaygroundPane: the chosen tool and its draft (kept per
 * server in playgroundSessions), checking the arguments against the tool's schema before a run,
 * running, re-running an earlier call, enabling a disabled tool then running it, and the call an
 * app link asks for (`elftia-mcp apps open`).
 */
import { App } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { isDestructive } from '@mcp-common/approvalPolicy';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord, McpServerTool } from '@shared/contracts/mcp-types';
import { useRouteMutation } from '@renderer/data/useRoute';
import { jsonText, parseArgs, type ArgumentIssue, type ArgumentsEditorHandle } from '../components/ArgumentsEditor';
import { useCallHistory, type HistoryEntry } from '../model/callHistory';
import { toRjsfErrors, validateJson } from '../model/cfworkerValidator';
import { defaultArguments, formFallbackReason, formSchema } from '../model/formSupport';
import { usePlaygroundSession, type Draft } from '../model/playgroundSession';
import { keywordValue, validationMessage } from '../model/validationMessages';
import { useToolCall } from '../queries/useToolCall';

/** A tool's fresh draft: its schema's defaults, in the form when the schema has one. */
function freshDraft(tool: McpServerTool): Draft {
  const formable = formFallbackReason(tool.inputSchema) === undefined;
  const args = formable ? defaultArguments(formSchema(tool.inputSchema)) : {};
  return { args, text: jsonText(args), mode: formable ? 'form' : 'json' };
}

export function usePlayground(server: McpServerRecord, tools: McpServerTool[]) {
  const { t } = useTranslation(['playground', 'common']);
  const [session, update] = usePlaygroundSession(server.id);
  const history = useCallHistory(server.id);
  const call = useToolCall(server);
  const editor = useRef<ArgumentsEditorHandle>(null);
  const [issues, setIssues] = useState<{ toolName: string; list: ArgumentIssue[] }>();
  const { modal } = App.useApp();
  const enable = useRouteMutation('mcp.update', { invalidates: ['mcp.list', 'mcp.discover'] });

  const tool = tools.find((candidate) => candidate.name === session.toolName) ?? tools[0];
  const toolName = tool?.name;
  const fresh = useMemo(() => (tool ? freshDraft(tool) : undefined), [tool]);
  const draft = (toolName && session.drafts[toolName]) || fresh;
  const shown = history.find((entry) => entry.callId === session.shownCallId);
  const disabled = toolName !== undefined && server.disabledTools.includes(toolName);
  const refusedAsDisabled = shown?.error?.code === 'MCP_TOOL_DISABLED' && shown.toolName === toolName;
  const shownIssues = issues && issues.toolName === toolName ? issues.list : [];

  const start = (name: string, args: Record<string, unknown>) => {
    const { callId } = call.run(name, args);
    update((s) => ({ ...s, shownCallId: callId }));
  };

  /** Whether `args` fit `target`'s schema; if not, its fields are marked and the first focused. */
  const fits = (target: McpServerTool, args: Record<string, unknown>): boolean => {
    const checked = validateJson(target.inputSchema, args);
    const errors = checked.validationError ? [] : toRjsfErrors(checked.errors);
    if (errors.length === 0) {
      setIssues(undefined);
      return true;
    }
    setIssues({
      toolName: target.name,
      list: errors.map((error) => {
        const pattern = error.name === 'pattern' ? keywordValue(target.inputSchema, error.schemaPath) : undefined;
        return {
          path: error.property === '.' ? '' : (error.property ?? '').slice(1),
          message: validationMessage(error, target.inputSchema, t),
          pattern: typeof pattern === 'string' ? pattern : undefined,
        };
      }),
    });
    editor.current?.showProblems();
    return false;
  };

  // An app link's call (appLinkIntent.ts), taken once: the arguments over the tool's defaults, shown
  // in the editor, checked like a Run; a destructive or "always ask" tool waits for the person.
  const linked = session.linked;
  // The link object taken: an effect that runs twice (React's strict mode) must not call twice.
  const takenLink = useRef<typeof linked>(undefined);
  useEffect(() => {
    if (!linked || takenLink.current === linked) return;
    takenLink.current = linked;
    const target = tools.find((candidate) => candidate.name === linked.toolName);
    update(({ linked: _taken, ...rest }) => (target ? rest : { ...rest, linkedToolMissing: linked.toolName }));
    if (!target) return;
    const base = freshDraft(target);
    const args = { ...base.args, ...linked.args };
    update((s) => ({ ...s, toolName: target.name, drafts: { ...s.drafts, [target.name]: { args, text: jsonText(args), mode: base.mode } } }));
    // The link is a one-time request from outside React (the address the page opened with), checked like a Run once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!fits(target, args)) return;
    const asks = server.disabledAutoApproveTools.includes(target.name) ? 'listed' : isDestructive(target.annotations) ? 'destructive' : undefined;
    if (!asks) return start(target.name, args);
    modal.confirm({
      title: t('appLink.confirm.title', { tool: target.name, server: server.name }),
      content: t(`appLink.confirm.${asks}`),
      okText: t('appLink.confirm.ok'),
      cancelText: t('appLink.confirm.cancel'),
      okButtonProps: { danger: asks === 'destructive' },
      onOk: () => start(target.name, args),
    });
    // Once per link: the link is cleared above, and what it asks is read as the person opened it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);

  // Undefined while the server has no tool to try.
  let chosen;
  if (tool && draft && toolName) {
    const setDraft = (next: Draft) => update((s) => ({ ...s, drafts: { ...s.drafts, [toolName]: next } }));
    const pick = (name: string) => update((s) => ({ ...s, toolName: name }));

    /** Checks the arguments against the tool's schema; a failed check marks the fields, focuses the first, and sends nothing. */
    const run = () => {
      if (call.running) return;
      // The box keeps unparseable text as typed (its error is shown); it is never sent.
      if (draft.mode === 'json' && 'error' in parseArgs(draft.text)) return editor.current?.showProblems();
      if (fits(tool, draft.args)) start(toolName, draft.args);
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
    chosen = { tool, toolName, draft, setDraft, pick, run, rerun, enableAndRun, onKeyDown };
  }
  return { session, update, history, call, editor, enable, fresh, shown, disabled, refusedAsDisabled, shownIssues, linkedToolMissing: session.linkedToolMissing, chosen };
}
