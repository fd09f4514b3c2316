/**
 * Carries a server's elicitation/create to the person and their answer back. A request is shown
 * by whoever listens to `mcp.elicitation_request` (the window's dialog, the CLI's prompts) and
 * answered through `respond` (the `mcp.elicitation_respond` route). The server always gets an
 * answer: when nobody listens it is declined at once, when nobody answers in time it is declined
 * for the person, and when the server stops waiting (its request cancelled, the connection
 * closed, the tool call that asked ended) the request is withdrawn from every window.
 */
import { randomUUID } from 'node:crypto';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ElicitationSchemaSchema,
  type ElicitationClosed,
  type ElicitationRequest,
  type ElicitationRespondInput,
} from '@shared/contracts/elicitation';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import type { Emitter } from '@shared/lifecycle/Emitter';
import { checkContent, elicitationFields, type ElicitationField } from './common/elicitationForm';
import { hostNote, type HostNote } from '@shared/hostNotes';

export interface ElicitationHooks {
  /** Where a request goes out and its end is told; someone can show a request only while a window or a terminal listens to it. */
  events: Emitter<{ 'mcp.elicitation_request': ElicitationRequest; 'mcp.elicitation_closed': ElicitationClosed }>;
  /** A line in the server's log (the person reads why a request was declined there). */
  note(serverId: string, note: HostNote): void;
}

/** The tool call running on the server, when exactly one is (RunningCalls.onlyOn): a request is most likely its. */
export interface AskingCall {
  callId: string;
  toolName: string;
  /** The call's timeout ends the request with it. */
  deadline: number;
}

interface Pending {
  request: ElicitationRequest;
  /** Form mode only: what an accepted answer is checked against. */
  fields?: ElicitationField[] | undefined;
  settle(result: ElicitResult, reason: ElicitationClosed['reason']): void;
}

/** How long a request waits for the person by default; a tool call's own timeout usually ends it sooner. */
export const ELICITATION_TIMEOUT_MS = 10 * 60_000;

const decline = (): ElicitResult => ({ action: 'decline' });
/** The log's note for each answer the person can give. */
const ANSWERED = { accept: 'ELICITATION_ACCEPTED', decline: 'ELICITATION_DECLINED', cancel: 'ELICITATION_CANCELLED' } as const;

export class ElicitationBroker {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly hooks: ElicitationHooks,
    private readonly timeoutMs = ELICITATION_TIMEOUT_MS,
  ) {}

  /** What the pool answers the server with; never rejects. `call` is the tool call that most likely asked. */
  ask(server: Pick<McpServerRecord, 'id' | 'name'>, params: ElicitRequest['params'], signal: AbortSignal, call?: AskingCall): Promise<ElicitResult> {
    const note = (code: Parameters<typeof hostNote>[0], values?: HostNote['params']) => this.hooks.note(server.id, hostNote(code, values));
    if (signal.aborted) return Promise.resolve({ action: 'cancel' });
    if (this.hooks.events.listenerCount('mcp.elicitation_request') === 0) {
      note('ELICITATION_NO_WINDOW', { message: params.message });
      return Promise.resolve(decline());
    }
    const base = {
      requestId: randomUUID(),
      serverId: server.id,
      serverName: server.name,
      message: params.message,
      // The call that asked times out first when its deadline is sooner; the question goes with it.
      expiresAt: Math.min(Date.now() + this.timeoutMs, call?.deadline ?? Infinity),
      ...(call ? { toolCallId: call.callId, toolName: call.toolName } : {}),
    };
    let request: ElicitationRequest;
    let fields: ElicitationField[] | undefined;
    if (params.mode === 'url') {
      // Only a web page: another scheme could start a program on the person's machine.
      if (!/^https?:$/.test(new URL(params.url).protocol)) {
        note('ELICITATION_BAD_URL', { url: params.url });
        return Promise.resolve(decline());
      }
      request = { ...base, mode: 'url', url: params.url };
    } else {
      const schema = ElicitationSchemaSchema.safeParse(params.requestedSchema);
      if (!schema.success) {
        note('ELICITATION_BAD_SCHEMA');
        return Promise.resolve(decline());
      }
      request = { ...base, mode: 'form', requestedSchema: schema.data };
      fields = elicitationFields(schema.data);
    }

    return new Promise<ElicitResult>((resolve) => {
      const { requestId } = request;
      const timer = setTimeout(() => {
        note('ELICITATION_TIMEOUT', { message: request.message, seconds: Math.round(this.timeoutMs / 1000) });
        settle(decline(), 'timeout');
      }, this.timeoutMs);
      const onAbort = () => {
        note('ELICITATION_WITHDRAWN', { message: request.message });
        settle({ action: 'cancel' }, 'withdrawn');
      };
      const settle = (result: ElicitResult, reason: ElicitationClosed['reason']) => {
        if (!this.pending.delete(requestId)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(result);
        this.hooks.events.emit('mcp.elicitation_closed', { requestId, serverId: server.id, reason });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(requestId, { request, fields, settle });
      this.hooks.events.emit('mcp.elicitation_request', request);
    });
  }

  /** The person's answer. An accepted form is checked first; a bad one leaves the request open to fix. */
  respond({ requestId, action, content }: ElicitationRespondInput): void {
    const pending = this.pending.get(requestId);
    if (!pending) {
      throw new AppError('ELICITATION_NOT_PENDING', `No elicitation request ${requestId} is waiting for an answer (it was answered, timed out or withdrawn)`, {
        requestId,
      });
    }
    const { request, fields } = pending;
    let result: ElicitResult = { action };
    if (action === 'accept' && fields) {
      const answer = content ?? {};
      const issues = checkContent(fields, answer);
      if (issues.length > 0) {
        throw new AppError('ELICITATION_INVALID_CONTENT', `The answer to "${request.message}" does not fit the form: ${issues.map((i) => i.message).join('; ')}`, {
          requestId,
          serverName: request.serverName,
          issues: issues.map(({ path, message }) => ({ path: `content.${path}`, message })),
        });
      }
      result = { action, content: answer };
    }
    this.hooks.note(request.serverId, hostNote(ANSWERED[action], { message: request.message }));
    pending.settle(result, 'answered');
  }

  /** The requests waiting now, oldest first (a window that opens late shows them). */
  list(): ElicitationRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /** The call a request was attributed to ended: nobody waits for the answer any more. */
  withdrawCall(callId: string): void {
    if (this.pending.size === 0) return; // every call ends here: spare it the copy
    for (const pending of [...this.pending.values()]) {
      if (pending.request.toolCallId === callId) pending.settle({ action: 'cancel' }, 'withdrawn');
    }
  }

  /** Shutdown: every server still waiting is told the person cancelled. */
  dispose(): void {
    for (const pending of [...this.pending.values()]) pending.settle({ action: 'cancel' }, 'withdrawn');
  }
}
