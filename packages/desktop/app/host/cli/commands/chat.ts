/**
 * `chat --provider ID --model M [--server NAME …] [--agent NAME [--folder DIR]] [--yes] "message"`: one turn of the chat loop
 * in a terminal. The answer streams to stdout; each tool call and its result summary go to stderr.
 * A call that waits for approval (chat.approval_request) is asked on the terminal — allow once,
 * allow for this chat, deny — and answered with chat.approval_respond, as the window does; with
 * no terminal it is refused (the model is told, stderr says how to allow) unless --yes (then
 * allowed). Only a trusted server's read-only tools run without asking (approvalPolicy.ts).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AgentSessionStatus } from '../../../shared/contracts/agents';
import type { ApprovalRequest, ChatToolCallEvent, ToolChange } from '../../../shared/contracts/chat';
import type { EventPayload } from '../../../shared/contracts/ipc';
import { AppError } from '../../../shared/errors';
// --provider is checked by the router (a bad id is a usage error naming the flag), like every input.
import type { LlmProviderId } from '../../../shared/contracts/providers';
import { flattenContent } from '../../../main/services/agent-core/engine/tinyelf/tools/flattenContent';
import { EXIT, nameFlags, positionals, resolveServer, UsageError, type CliIo, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import type { RouterClient } from '../routerClient';

const FLAG_OF_FIELD = { providerId: '--provider', model: '--model', message: 'MESSAGE' };
const MAX_SUMMARY = 200;

export const chat: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('chat', args);
  const [message] = positionals('chat', rest, ['MESSAGE']) as [string];

  const app = await client();
  const preset = values.agent === undefined ? undefined : await app.call('agents.get', { agent: values.agent });
  const providerId = values.provider ?? preset?.providerId;
  const model = values.model ?? preset?.model;
  if (providerId === undefined) throw new UsageError(`--provider ID is required${preset ? ` (the agent preset "${preset.name}" names none)` : ''}`, 'chat');
  if (model === undefined) throw new UsageError(`--model M is required${preset ? ` (the agent preset "${preset.name}" names none)` : ''}`, 'chat');
  // Named servers (even inactive ones refuse; the loop never starts them), else the preset's, else every active one.
  const named = values.server?.length ? values.server : preset?.serverIds;
  const serverIds = named
    ? await Promise.all(named.map(async (ref) => (await resolveServer(app, ref)).id))
    : (await app.call('mcp.list', {})).filter((s) => s.isActive).map((s) => s.id);

  const chatId = `cli-${randomUUID()}`;
  const mine = <T extends { chatId: string }>(listener: (payload: T) => void) => (payload: T) => {
    if (payload.chatId === chatId) listener(payload);
  };
  const out = streamWriter(io);
  let end!: (payload: EventPayload<'chat.turn_end'>) => void;
  const ended = new Promise<EventPayload<'chat.turn_end'>>((resolve) => (end = resolve));
  const approvals = answerApprovals(app, io, values.yes === true, chatId);
  const offs = [
    app.on('chat.delta', mine(({ text }) => out.text(text))),
    app.on('chat.tool_call', mine((step) => out.line(describeStep(step)))),
    app.on('chat.turn_end', mine(end)),
    approvals,
  ];
  const onAbort = () => void app.request('chat.cancel', { chatId });
  io.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (preset) {
      const folder = values.folder === undefined ? undefined : path.resolve(values.folder);
      const session = await app.call('agents.session_start', { chatId, agent: preset.id, ...(folder ? { folder } : {}) }).catch(nameFlags({ folder: '--folder' }));
      for (const server of session.servers) out.line(describeSessionServer(server));
    }
    await app
      .call('chat.send', { chatId, providerId: providerId as LlmProviderId, model, message, tools: { serverIds, excludedToolIds: preset?.excludedToolIds ?? [] } })
      .catch(nameFlags(FLAG_OF_FIELD));
    const result = await ended;
    out.finish();
    if (result.status === 'failed' && result.error) throw new AppError(result.error.code, result.error.message, result.error.data);
    if (result.status === 'cancelled') {
      io.stderr.write('The turn was stopped.\n');
      return EXIT.INTERRUPTED;
    }
    return EXIT.OK;
  } finally {
    io.signal?.removeEventListener('abort', onAbort);
    for (const off of offs) off();
    // The session's servers end with the chat, before the command exits.
    if (preset) await app.request('agents.session_end', { chatId });
  }
};

function describeSessionServer(server: AgentSessionStatus['servers'][number]): string {
  if (server.state === 'failed') return `✗ session server ${server.name}: ${server.error?.message ?? 'failed'}`;
  return `● session server ${server.name} (pid ${server.pid ?? '?'}): ${server.tools.join(', ') || 'no tools'}`;
}

/** Text to stdout as it streams; a line on stderr first ends the text's line, so the two never share one. */
function streamWriter(io: CliIo) {
  let open = false;
  return {
    text(text: string) {
      io.stdout.write(text);
      open = !text.endsWith('\n');
    },
    line(line: string | undefined) {
      if (line === undefined) return;
      if (open) io.stdout.write('\n');
      open = false;
      io.stderr.write(`${line}\n`);
    },
    finish() {
      if (open) io.stdout.write('\n');
      open = false;
    },
  };
}

function describeStep(step: ChatToolCallEvent): string | undefined {
  const call = `${step.serverName}/${step.toolName}`;
  switch (step.status) {
    case 'awaiting_approval':
      return undefined;
    case 'running':
      return `→ ${call} ${JSON.stringify(step.arguments)}`;
    case 'done':
    case 'failed': {
      const text = step.result ? flattenContent(step.result.content) : (step.error?.message ?? '');
      const duration = step.result ? ` (${Math.round(step.result.durationMs)} ms)` : '';
      return `${step.status === 'done' ? '←' : '✗'} ${call}${duration}: ${clip(text)}`;
    }
    case 'denied':
      return `✗ ${call}: denied`;
    case 'cancelled':
      return `✗ ${call}: cancelled`;
  }
}

const clip = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
};

/** One question at a time on the terminal; a request answered elsewhere (or withdrawn) stops being asked. */
function answerApprovals(app: RouterClient, io: CliIo, yes: boolean, chatId: string): () => void {
  const asking = new Map<string, AbortController>();
  let queue = Promise.resolve();
  const offRequest = app.on('chat.approval_request', (request) => {
    if (request.chatId !== chatId) return;
    const controller = new AbortController();
    asking.set(request.requestId, controller);
    queue = queue.then(async () => {
      if (controller.signal.aborted) return;
      const decision = await decide(request, io, yes, controller.signal);
      asking.delete(request.requestId);
      if (controller.signal.aborted) return;
      const sent = await app.request('chat.approval_respond', { requestId: request.requestId, decision });
      if (!sent.ok && sent.error.code !== 'CHAT_APPROVAL_NOT_PENDING') io.stderr.write(`error: the answer could not be sent: ${sent.error.message}\n`);
    });
  });
  const offClosed = app.on('chat.approval_closed', ({ requestId }) => {
    asking.get(requestId)?.abort();
    asking.delete(requestId);
  });
  return () => {
    offRequest();
    offClosed();
    for (const controller of asking.values()) controller.abort();
  };
}

const ANSWERS = { o: 'allow_once', a: 'allow_chat', d: 'deny' } as const;

/** Why a call waits, in the words the app's dialog uses (approvals.reason in locales/<language>/serverRequests.json). */
const REASON_TEXT: Record<ApprovalRequest['reason'], (server: string) => string> = {
  listed: () => 'you set this tool to always ask before running',
  destructive: () => 'the server marks this tool as destructive: it may delete or overwrite data',
  untrusted: (server) => `you have not marked "${server}" as trusted, so what it says about its tools does not let them run by themselves`,
  unknown: () => 'the server does not say whether this tool only reads or also changes things',
  not_read_only: () => 'this tool can change things',
};

/** `description: before "…", now "…"; hints: before {…}, now {…}; input schema: changed`, values as JSON so a server's text stays one quoted line. */
function describeChange({ fields, previous, current }: ToolChange): string {
  const LABELS: Record<ToolChange['fields'][number], string> = { title: 'title', description: 'description', inputSchema: 'input schema', annotations: 'hints' };
  return fields
    .map((field) =>
      field === 'inputSchema'
        ? `${LABELS[field]}: changed`
        : `${LABELS[field]}: before ${JSON.stringify(previous[field] ?? null)}, now ${JSON.stringify(current[field] ?? null)}`,
    )
    .join('; ');
}

async function decide(request: ApprovalRequest, io: CliIo, yes: boolean, signal: AbortSignal): Promise<'allow_once' | 'allow_chat' | 'deny'> {
  const say = (line: string) => io.stderr.write(`${line}\n`);
  say(`\nThe model wants to run "${request.toolName}" on "${request.serverName}"; ${REASON_TEXT[request.reason](request.serverName)}:`);
  say(`  ${JSON.stringify(request.arguments)}`);
  if (request.changed) say(`It changed since you allowed it for this chat, so it asks again: ${describeChange(request.changed)}.`);
  if (yes) {
    say('Allowed (--yes)');
    return 'allow_once';
  }
  for (;;) {
    const answer = await io.terminal?.ask('Allow it? [o]nce / [a]lways in this chat / [d]eny: ', signal);
    if (answer === undefined) {
      // The model is answered that the call was refused (DENIED_TEXT), and the person told how to let it run.
      if (!signal.aborted) {
        say(`Refused "${request.toolName}": it needs your approval and there is no terminal to ask on. To allow it, run this in a terminal and answer, or pass --yes to allow the model's tool calls.`);
      }
      return 'deny';
    }
    const key = answer.trim().toLowerCase().charAt(0);
    if (key in ANSWERS) return ANSWERS[key as keyof typeof ANSWERS];
    say('Answer o, a or d.');
  }
}
