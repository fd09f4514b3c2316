import { describe, expect, it } from 'vitest';
import { testI18n } from '@renderer-testing/allLocales';
import { ChatToolCallStatusSchema, ApprovalClosedSchema, ChatTurnEndSchema, SamplingClosedSchema } from '@shared/contracts/chat';
import { DependencyInstallPhaseSchema } from '@shared/contracts/deps-types';
import { McpServerLogStreamSchema } from '@shared/contracts/mcp-types';
import { isListed, summarizeEvent, type ListedEnvelope } from './summarizeEvent';

const t = testI18n('en').getFixedT('en', 'settings/tools');
const names = (id: string) => (id === 's1' ? 'files' : id);

describe('summarizeEvent', () => {
  it.each<[ListedEnvelope, string]>([
    [{ event: 'mcp.servers_changed', payload: { reason: 'removed', id: 'gone' } }, 'A server was removed: gone'],
    [{ event: 'mcp.servers_changed', payload: { reason: 'imported' } }, 'Servers were imported'],
    [{ event: 'mcp.connection_state', payload: { serverId: 's1', state: 'error', error: 'spawn npx ENOENT' } }, 'files is in error: spawn npx ENOENT'],
    [{ event: 'mcp.tool_called', payload: { serverId: 's1', toolName: 'read', callId: 'c1', duration: 12.4, success: true, origin: 'person' } }, 'files ran read in 12 ms'],
    [{ event: 'mcp.tool_called', payload: { serverId: 's1', toolName: 'read', callId: 'c1', duration: 30, success: false, origin: 'model' } }, 'read on files failed after 30 ms'],
    [{ event: 'mcp.tool_progress', payload: { serverId: 's1', toolName: 'sync', callId: 'c', progress: 2, total: 5 } }, 'sync on files: 2 of 5'],
    [{ event: 'mcp.tools_changed', payload: { serverId: 's1' } }, 'files changed its tools'],
    [{ event: 'deps.install_progress', payload: { command: 'uvx', phase: 'started', percent: 41.6 } }, 'uvx: installing (42%)'],
    [{ event: 'deps.install_progress', payload: { command: 'uvx', phase: 'output', line: 'installing to ~/.local/bin', percent: 100 } }, 'uvx: installing to ~/.local/bin (100%)'],
    [{ event: 'app.notice', payload: { code: 'CONFIG_RECOVERED', message: 'm' } }, 'Notice: Your MCP configuration could not be read'],
    [{ event: 'presets.install_progress', payload: { presetId: 'zai-vision', step: { step: 'connect', status: 'failed', message: 'm', code: 'MCP_TIMEOUT' } } }, 'Z.AI Vision install: Connect — Failed'],
    [{ event: 'presets.install_progress', payload: { presetId: 'fixture-env', step: { step: 'key', status: 'done', message: 'm' } } }, 'fixture-env install: API key — Done'],
    [{ event: 'app.events_dropped', payload: { count: 7 } }, '7 events were missed while this page was behind; the lists were reloaded'],
  ])('%j', (envelope, expected) => {
    expect(summarizeEvent(envelope, t, names)).toBe(expected);
  });

  it('leaves every token of a model answer (chat.delta) out of Activity, but lists the calls and turn ends', () => {
    expect(isListed({ event: 'chat.delta', payload: { chatId: 'c', turnId: 't', text: 'Hel' } })).toBe(false);
    expect(isListed({ event: 'chat.turn_end', payload: { chatId: 'c', turnId: 't', status: 'done' } })).toBe(true);
  });

  it('clips long log lines', () => {
    const line = 'x'.repeat(500);
    const text = summarizeEvent({ event: 'mcp.server_log', payload: { serverId: 's1', line, stream: 'stderr', at: 0 } }, t, names);
    expect(text.startsWith('files (stderr): xxx')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThan(160);
  });

  it('says a coded connect failure in words when given the explainer, never the raw message', () => {
    const failure = { code: 'MCP_CONNECT_FAILED' as const, message: 'MCP error -32000: Connection closed', data: { hint: 'exited', exitCode: 3 } };
    const envelope = { event: 'mcp.connection_state' as const, payload: { serverId: 's1', state: 'error' as const, error: failure.message, failure } };
    const text = summarizeEvent(envelope, t, names, (f) => `explained ${f.code} ${String(f.data?.hint)}`);
    expect(text).toBe('files is in error: explained MCP_CONNECT_FAILED exited');
  });

  /** One envelope per status word the host sends: each must reach the screen as a word of the person's language. */
  const everyStatus: ListedEnvelope[] = [
    ...ChatToolCallStatusSchema.options.map((status) => ({
      event: 'chat.tool_call' as const,
      payload: { chatId: 'c', turnId: 't', callId: 'k', serverId: 's1', serverName: 'files', toolName: 'read', arguments: {}, status },
    })),
    ...ChatTurnEndSchema.shape.status.options.map((status) => ({ event: 'chat.turn_end' as const, payload: { chatId: 'c', turnId: 't', status } })),
    ...ApprovalClosedSchema.shape.outcome.options.map((outcome) => ({ event: 'chat.approval_closed' as const, payload: { requestId: 'r', outcome } })),
    ...SamplingClosedSchema.shape.outcome.options.map((outcome) => ({ event: 'mcp.sampling_closed' as const, payload: { requestId: 'r', outcome } })),
    ...McpServerLogStreamSchema.options.map((stream) => ({ event: 'mcp.server_log' as const, payload: { serverId: 's1', line: 'hello', stream, at: 0 } })),
    ...DependencyInstallPhaseSchema.options.map((phase) => ({ event: 'deps.install_progress' as const, payload: { command: 'uvx', phase } })),
  ];
  // stdout and stderr are the streams' own names in every language (the logs pane says them too).
  const RAW_WORDS = /awaiting_approval|running|done|failed|denied|cancelled|allowed|sent|declined|expired|host\b|started|output|opened|checking/;

  it.each(['zh', 'ja'] as const)('shows no raw status word in %s', (language) => {
    const tl = testI18n(language).getFixedT(language, 'settings/tools');
    for (const envelope of everyStatus) expect(summarizeEvent(envelope, tl, names)).not.toMatch(RAW_WORDS);
  });

  it('words every status in English too, never its identifier', () => {
    const texts = everyStatus.map((envelope) => summarizeEvent(envelope, t, names));
    for (const text of texts) expect(text).not.toMatch(/awaiting_approval|\(host\)/);
    expect(texts).toContain('Chat tool call files · read: Awaiting your approval');
    expect(texts).toContain('Approval closed: withdrawn');
    expect(texts).toContain('files (Elftia): hello');
  });

  it('says what Elftia noted about a server in the person’s language, and what the server wrote as written', () => {
    const note = { code: 'NPX_DOWNLOADING' as const, params: { package: '@scope/pkg@1.0.0' } };
    const envelope: ListedEnvelope = { event: 'mcp.server_log', payload: { serverId: 's1', stream: 'host', line: 'npx is downloading @scope/pkg@1.0.0 before the server starts', note, at: 0 } };
    expect(summarizeEvent(envelope, t, names)).toBe('files (Elftia): npx is downloading @scope/pkg@1.0.0 before the server starts');
    const zh = testI18n('zh').getFixedT('zh', 'settings/tools');
    expect(summarizeEvent(envelope, zh, names)).toBe('files（Elftia）：服务器启动前，npx 正在下载 @scope/pkg@1.0.0');
    const ja = testI18n('ja').getFixedT('ja', 'settings/tools');
    expect(summarizeEvent(envelope, ja, names)).toContain('npx が @scope/pkg@1.0.0 をダウンロードしています');
  });
});
