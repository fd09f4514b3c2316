/**
 * Answers a server's sampling/createMessage with the person's model, after the person has seen
 * the request and, before it goes back, the answer. The request is shown by whoever listens to
 * `mcp.sampling_request`; `generate` runs it (as the person edited it) through the TextCompleter
 * and returns a draft that goes nowhere; `respond` sends the reviewed text or declines.
 *
 * The server always gets an answer: refused at once when no model is configured or nobody can
 * review it, refused when nobody answers in time, and the request is dropped when the server
 * stops waiting. A refusal is the JSON-RPC error the MCP spec names for it (SAMPLING_REJECTED).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import type {
  SamplingClosedSchema,
  SamplingDraftSchema,
  SamplingGenerateInputSchema,
  SamplingRequest,
  SamplingRespondInputSchema,
} from '@shared/contracts/chat';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import type { Emitter } from '@shared/lifecycle/Emitter';
import type { TextCompleter } from '../../../chat/ports';
import { reviewedMessages } from './common/sampling';
import { SAMPLING_REJECTED } from './pool/clientHandlers';
import type { AskingCall } from './ElicitationBroker';
import type { AppNotice } from '@shared/contracts/ipc';
import { hostNote, type HostNote } from '@shared/hostNotes';

type SamplingClosed = z.infer<typeof SamplingClosedSchema>;
type SamplingDraft = z.infer<typeof SamplingDraftSchema>;
type SamplingGenerateInput = z.infer<typeof SamplingGenerateInputSchema>;
type SamplingRespondInput = z.infer<typeof SamplingRespondInputSchema>;

/** The person's model, as far as sampling needs it. */
export interface SamplingModel {
  completer: TextCompleter;
  /** A model can be asked now: a provider has a key, or the OpenAI-compatible URL is set (see isUsableProvider). */
  isConfigured(): boolean;
}

export interface SamplingHooks {
  /** Where a request goes out and its end is told; someone can review a request only while a window listens to it. */
  events: Emitter<{ 'mcp.sampling_request': SamplingRequest; 'mcp.sampling_closed': SamplingClosed }>;
  /** A line in the server's log. */
  note(serverId: string, note: HostNote): void;
  /** Tells the person something not tied to a request (a NoticeBoard). */
  raise(notice: AppNotice): void;
}

/** How long a request waits for the person by default; a tool call's own timeout usually ends it sooner. */
export const SAMPLING_TIMEOUT_MS = 10 * 60_000;

interface Pending {
  request: SamplingRequest;
  /** Stops a generation still running when the request closes. */
  generation: AbortController;
  draft?: SamplingDraft;
  settle(outcome: SamplingClosed['outcome'], result?: CreateMessageResult): void;
}

/**
 * The SDK answers a handler's error with its `code` and `message`; McpError would prefix its own
 * "MCP error -1:" to the message, which the server's SDK prefixes again.
 */
const refusal = (message: string) => Object.assign(new Error(message), { code: SAMPLING_REJECTED });

export class SamplingBroker {
  private readonly pending = new Map<string, Pending>();
  /** Servers the person was told asked for sampling without a model: once per server per run is enough. */
  private readonly toldNoModel = new Set<string>();

  constructor(
    private readonly hooks: SamplingHooks,
    private readonly model: SamplingModel | undefined,
    private readonly timeoutMs = SAMPLING_TIMEOUT_MS,
  ) {}

  /**
   * What the pool answers the server with: the reviewed message, or a rejection with
   * SAMPLING_REJECTED. `call` is the tool call that most likely asked: the request names it and
   * cannot outlive its deadline.
   */
  ask(server: Pick<McpServerRecord, 'id' | 'name'>, params: CreateMessageRequest['params'], signal: AbortSignal, call?: AskingCall): Promise<CreateMessageResult> {
    const note = (code: Parameters<typeof hostNote>[0], values?: HostNote['params']) => this.hooks.note(server.id, hostNote(code, values));
    if (!this.model?.isConfigured()) {
      note('SAMPLING_NO_MODEL');
      this.tellNoModel(server);
      return Promise.reject(refusal('Sampling is not available: no language model is configured in Elftia'));
    }
    if (this.hooks.events.listenerCount('mcp.sampling_request') === 0) {
      note('SAMPLING_NO_WINDOW');
      return Promise.reject(refusal('Sampling was refused: nobody is there to review the request'));
    }
    if (signal.aborted) return Promise.reject(refusal('The request was cancelled'));
    const request: SamplingRequest = {
      requestId: randomUUID(),
      serverId: server.id,
      serverName: server.name,
      ...(call && { toolName: call.toolName }),
      messages: reviewedMessages(params.messages),
      ...(params.systemPrompt !== undefined && { systemPrompt: params.systemPrompt }),
      maxTokens: params.maxTokens,
      modelHints: (params.modelPreferences?.hints ?? []).flatMap((hint) => (hint.name ? [hint.name] : [])),
      expiresAt: Math.min(Date.now() + this.timeoutMs, call?.deadline ?? Infinity),
    };

    return new Promise<CreateMessageResult>((resolve, reject) => {
      const { requestId } = request;
      const waitMs = Math.max(0, request.expiresAt - Date.now());
      const timer = setTimeout(() => {
        note('SAMPLING_TIMEOUT', { seconds: Math.round(waitMs / 1000) });
        settle('expired');
      }, waitMs);
      const onAbort = () => {
        note('SAMPLING_WITHDRAWN');
        settle('expired');
      };
      const settle = (outcome: SamplingClosed['outcome'], result?: CreateMessageResult) => {
        const pending = this.pending.get(requestId);
        if (!pending) return;
        this.pending.delete(requestId);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        pending.generation.abort();
        if (result) resolve(result);
        else reject(refusal(outcome === 'declined' ? 'The person declined the sampling request' : 'Nobody answered the sampling request in time'));
        this.hooks.events.emit('mcp.sampling_closed', { requestId, outcome });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(requestId, { request, generation: new AbortController(), settle });
      this.hooks.events.emit('mcp.sampling_request', request);
    });
  }

  /** Runs the request (with the person's edits) on their model; the draft goes back to the person only. */
  async generate({ requestId, providerId, model, messages, systemPrompt, maxTokens }: SamplingGenerateInput): Promise<SamplingDraft> {
    const pending = this.pendingOrThrow(requestId);
    if (!this.model) throw new AppError('NOT_FOUND', 'No language model is configured to answer sampling requests');
    const { request } = pending;
    const prompt = systemPrompt ?? request.systemPrompt;
    const draft = await this.model.completer.complete(
      {
        providerId,
        model,
        ...(prompt !== undefined && prompt !== '' && { systemPrompt: prompt }),
        messages: messages ?? request.messages,
        maxTokens: maxTokens ?? request.maxTokens,
      },
      pending.generation.signal,
    );
    // Closed while the model answered (expired, withdrawn, answered elsewhere): the draft has nowhere to go.
    this.pendingOrThrow(requestId).draft = draft;
    return draft;
  }

  respond(input: SamplingRespondInput): void {
    const pending = this.pendingOrThrow(input.requestId);
    if (input.decision === 'decline') {
      this.hooks.note(pending.request.serverId, hostNote('SAMPLING_DECLINED'));
      pending.settle('declined');
      return;
    }
    const { draft } = pending;
    // The model's stop reason holds for its own text; text the person wrote or changed ends where they ended it.
    const stopReason = draft && draft.text === input.text && draft.model === input.model ? (draft.stopReason ?? 'endTurn') : 'endTurn';
    this.hooks.note(pending.request.serverId, hostNote('SAMPLING_SENT', { model: input.model }));
    pending.settle('sent', { role: 'assistant', content: { type: 'text', text: input.text }, model: input.model, stopReason });
  }

  /** The requests waiting now, oldest first. */
  list(): SamplingRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /** Shutdown: every server still waiting is refused. */
  dispose(): void {
    for (const pending of [...this.pending.values()]) pending.settle('expired');
  }

  /** The person learns a server wanted a model answer, which no configured model could give. */
  private tellNoModel(server: Pick<McpServerRecord, 'id' | 'name'>): void {
    if (this.toldNoModel.has(server.id)) return;
    this.toldNoModel.add(server.id);
    this.hooks.raise({
      code: 'MCP_SAMPLING_REFUSED',
      message: `"${server.name}" asked for a model answer (sampling); it was refused because no model is configured (add a key under Provider keys)`,
      data: { serverId: server.id, serverName: server.name },
    });
  }

  private pendingOrThrow(requestId: string): Pending {
    const pending = this.pending.get(requestId);
    if (!pending) {
      throw new AppError('MCP_SAMPLING_NOT_PENDING', `No sampling request ${requestId} is waiting (it was answered, timed out or withdrawn)`, { requestId });
    }
    return pending;
  }
}
