/**
 * Chats with a model over the person's MCP tools (issue 15). A chat lives here, keyed by the id
 * the window chose, with its history in its wire format's own messages. `send` starts a turn and
 * answers its id at once; the turn streams as events:
 *
 *   chat.delta (text as it comes) · chat.tool_call (each step of each call) · chat.turn_end (once)
 *
 * A turn is a bounded loop: build the request (CompletionService: the chosen servers' enabled
 * tools minus the ones switched off for this chat), ask the model, run the calls it makes through
 * the tool loop (each one asked of the ToolApprover first), until the model answers without
 * calling a tool. Cancel aborts the model's stream and every running call (the servers get
 * notifications/cancelled through McpService).
 */
import { randomUUID } from 'node:crypto';
import type { AgentPreset } from '../../../shared/contracts/agents';
import type { ChatAppContextInput, ChatSendInput, ChatToolSelection } from '../../../shared/contracts/chat';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { presetServerIds } from '../../../shared/agentServers';
import type { EventName, EventPayload } from '../../../shared/contracts/ipc';
import { AppError, toErrorShape } from '../../../shared/errors';
import type { ToolFormat } from '../../../shared/toolFormats';
import { runToolCalls } from '../agent-core/engine/tinyelf/toolLoop';
import { createMcpToolAdapters, type McpCallPort } from '../agent-core/engine/tinyelf/tools/McpToolAdapter';
import { ToolRegistry } from '../agent-core/engine/tinyelf/tools/ToolRegistry';
import type { ToolsLogger } from '../capabilities/tools/mcp-users/common/toolConversion';
import type { McpToolSource } from '../capabilities/tools/mcp-users/ToolsLoader';
import { CompletionService } from '../completion/CompletionService';
import type { ModelClients } from './models/ModelClients';
import { WIRE_APIS } from './models/wire';
import type { ToolApprover } from './ports';
import { chatCallHook } from './toolCallSteps';
import type { AgentSession } from '../agents/AgentSessions';
import { DIRECT_SOURCE_PREFIX } from '../agent-core/engine/tinyelf/tools/DirectMcpToolAdapter';

export type ChatEventName = Extract<EventName, 'chat.delta' | 'chat.tool_call' | 'chat.turn_end'>;
export type ChatEmit = <E extends ChatEventName>(event: E, payload: EventPayload<E>) => void;

/** A model that calls tools this many times in one turn without answering is stuck. */
export const DEFAULT_MAX_STEPS = 16;

/** The person's servers, to resolve a preset's server ids or names. */
export interface McpServerList {
  list(): Promise<McpServerRecord[]>;
}

export interface ChatServiceDeps {
  mcpService: McpToolSource & McpCallPort & McpServerList;
  models: ModelClients;
  approver: ToolApprover;
  emit: ChatEmit;
  maxSteps?: number;
  /** Stream the model's answers (default); off asks for whole responses (a server that cannot stream). */
  stream?: boolean;
  /** Tool conversion notes; default: warnings only. */
  logger?: ToolsLogger;
  /** Agent sessions (main/services/agents): a chat's session servers' tools and its preset's instructions. */
  sessions?: ChatSessions;
}

/** What the loop needs of a chat's agent session; ending the chat (reset) ends it. */
export interface ChatSessions {
  get(chatId: string): Pick<AgentSession, 'preset' | 'tools'> | undefined;
  end(chatId: string): Promise<unknown>;
}

interface Turn {
  turnId: string;
  controller: AbortController;
  ended: Promise<void>;
}

interface Chat {
  format?: ToolFormat;
  history: unknown[];
  turn?: Turn | undefined;
  /** An MCP App's ui/update-model-context, the last one; it goes with the next message, once. */
  appContext?: Omit<ChatAppContextInput, 'chatId'> | undefined;
}

export class ChatService {
  private readonly chats = new Map<string, Chat>();
  private readonly logger: ToolsLogger;
  private disposed = false;

  constructor(private readonly deps: ChatServiceDeps) {
    this.logger = deps.logger ?? { info: () => undefined, warn: (message) => console.warn(message) };
  }

  /** Starts a turn; CHAT_BUSY while one of this chat runs. */
  send(input: ChatSendInput): { turnId: string } {
    if (this.disposed) throw new AppError('MCP_CANCELLED', 'The chat service is shutting down');
    const chat = this.chats.get(input.chatId) ?? { history: [] };
    this.chats.set(input.chatId, chat);
    if (chat.turn) throw new AppError('CHAT_BUSY', `A turn of chat ${input.chatId} is running`, { chatId: input.chatId });
    const turnId = randomUUID();
    const controller = new AbortController();
    const turn: Turn = { turnId, controller, ended: Promise.resolve() };
    chat.turn = turn;
    turn.ended = this.runTurn(chat, input, turnId, controller.signal).then(
      () => this.end(chat, input.chatId, turnId, { status: 'done' }),
      (error: unknown) =>
        this.end(chat, input.chatId, turnId, controller.signal.aborted ? { status: 'cancelled' } : { status: 'failed', error: toErrorShape(error) }),
    );
    return { turnId };
  }

  /** Stops the running turn, if any; resolves once its chat.turn_end went out. */
  async cancel(chatId: string): Promise<{ cancelled: boolean }> {
    const turn = this.chats.get(chatId)?.turn;
    if (!turn) return { cancelled: false };
    turn.controller.abort();
    await turn.ended;
    return { cancelled: true };
  }

  /**
   * Keeps an MCP App's model context for the chat's next turn (the last one wins, as the spec
   * says). Only for a chat that exists: an app shows only after a call of one, so an unknown id
   * is a chat already reset, and is not made anew.
   */
  keepAppContext({ chatId, ...context }: ChatAppContextInput): { kept: boolean } {
    const chat = this.chats.get(chatId);
    if (!chat) return { kept: false };
    chat.appContext = context.text.trim() ? context : undefined;
    return { kept: true };
  }

  /** Forgets the chat (history, remembered approvals), stopping its turn first. */
  async reset(chatId: string): Promise<{ reset: true }> {
    await this.cancel(chatId);
    this.chats.delete(chatId);
    this.deps.approver.forgetChat(chatId);
    await this.deps.sessions?.end(chatId);
    return { reset: true };
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.chats.keys()].map((chatId) => this.cancel(chatId)));
    this.chats.clear();
  }

  private end(chat: Chat, chatId: string, turnId: string, outcome: Omit<EventPayload<'chat.turn_end'>, 'chatId' | 'turnId'>): void {
    // Free before telling: a listener may send the next message on turn_end.
    chat.turn = undefined;
    this.deps.emit('chat.turn_end', { chatId, turnId, ...outcome });
  }

  private async runTurn(chat: Chat, input: ChatSendInput, turnId: string, signal: AbortSignal): Promise<void> {
    const { chatId, model } = input;
    const { models, mcpService, emit } = this.deps;
    // Read once per turn: a preset switched mid-turn takes effect from the next message.
    const session = this.deps.sessions?.get(chatId);
    const approver = session ? sessionApprover(session.preset, this.deps.approver) : this.deps.approver;
    const directTools = session?.tools.map((tool) => tool.toMcpTool());
    const endpoint = models.endpoint(input.providerId);
    const wire = WIRE_APIS[endpoint.format];
    // A history in another format cannot be sent to this provider: switching provider starts over.
    if (chat.format !== endpoint.format) chat.history = [];
    chat.format = endpoint.format;
    const appContext = chat.appContext;
    chat.appContext = undefined;
    const servers = appContext ? await mcpService.list() : [];
    const message = appContext ? withAppContext(input.message, { ...appContext, serverName: servers.find((s) => s.id === appContext.serverId)?.name ?? appContext.serverId }) : input.message;
    const messages = [...chat.history, wire.userMessage(message)];
    // With a preset, its servers and tool filter bound what the window chose (the CLI sends the preset's own).
    const selection = session ? presetSelection(session.preset, input.tools, await mcpService.list()) : input.tools;
    const completion = new CompletionService(withoutExcluded(mcpService, selection), { logger: this.logger });
    const maxSteps = this.deps.maxSteps ?? DEFAULT_MAX_STEPS;

    for (let step = 0; step < maxSteps; step++) {
      const built = await completion.buildRequest({
        format: endpoint.format,
        model,
        messages,
        mcp: { enabled: selection.serverIds.length > 0, mode: 'manual', selectedServers: selection.serverIds },
        directTools,
        system: session?.preset.instructions,
      });
      const response = await models.generate({ ...endpoint, format: endpoint.format }, built.requestPayload, {
        model,
        stream: this.deps.stream ?? true,
        signal,
        onText: (text) => emit('chat.delta', { chatId, turnId, text }),
      });
      const tools = built.mcp?.mcpTools ?? [];
      const registry = new ToolRegistry();
      // Arguments are mapped back in the hook (so the person approves what the server gets), not by the adapters.
      const direct = new Set(directTools?.map((tool) => tool.id));
      registry.registerAll(createMcpToolAdapters(mcpService, tools.filter((tool) => !direct.has(tool.id)), { origin: 'model' }));
      if (session) registry.registerAll(session.tools);
      const hook = chatCallHook({
        chatId,
        turnId,
        tools,
        ...(built.mcp ? { toMcpArguments: built.mcp.toMcpArguments } : {}),
        approver,
        signal,
        report: (event) => emit('chat.tool_call', event),
      });
      const result = await runToolCalls(endpoint.format, response, registry, { signal, aroundCall: hook });
      messages.push(...result.messages);
      // Each complete step (the model's turn and every answer to its calls) is a valid history to continue from.
      chat.history = [...messages];
      if (signal.aborted) throw new AppError('MCP_CANCELLED', 'The turn was stopped');
      if (result.done) return;
    }
    throw new AppError('CHAT_STEP_LIMIT', `The model called tools for ${maxSteps} steps without answering`, { steps: maxSteps });
  }
}

/**
 * The person's message with an app's model context before it, marked as the app's (not the
 * person's words) and naming its server and tool, so the model can weigh it as what it is.
 */
export function withAppContext(message: string, context: { serverName: string; toolName: string; text: string }): string {
  return `[Context from the app of the tool "${context.toolName}" (server "${context.serverName}"), shown to the person in this chat; not written by them]\n${context.text}\n[End of the app's context]\n\n${message}`;
}

/** A preset that lets every call of its own servers run skips asking for those; the person's servers' calls are asked as ever. */
function sessionApprover(preset: Pick<AgentSession['preset'], 'approval'>, approver: ToolApprover): ToolApprover {
  if (preset.approval !== 'allow_all') return approver;
  return {
    decide: (question, signal) =>
      question.serverId.startsWith(DIRECT_SOURCE_PREFIX) ? Promise.resolve({ allowed: true, arguments: question.arguments }) : approver.decide(question, signal),
    forgetChat: (chatId) => approver.forgetChat(chatId),
  };
}

/**
 * What a chat with a preset may use of the person's servers: the ones the preset names
 * (presetServerIds; a name that matches none is left out) that the chat also has on, minus
 * the tools either switched off. A preset that names none gets none of the person's tools.
 */
export function presetSelection(preset: Pick<AgentPreset, 'serverIds' | 'excludedToolIds'>, chosen: ChatToolSelection, servers: readonly McpServerRecord[]): ChatToolSelection {
  const allowed = presetServerIds(preset, servers);
  return {
    serverIds: chosen.serverIds.filter((id) => allowed.has(id)),
    excludedToolIds: [...new Set([...chosen.excludedToolIds, ...preset.excludedToolIds])],
  };
}

/** The selection's servers with the tools switched off for this chat left out (by MCPTool.id, before ids are reassigned). */
function withoutExcluded(source: McpToolSource, selection: ChatToolSelection): McpToolSource {
  const excluded = new Set(selection.excludedToolIds);
  const keep = <T extends { id: string }>(tools: T[]) => tools.filter((tool) => !excluded.has(tool.id));
  return {
    listAllActiveServerTools: async () => keep(await source.listAllActiveServerTools()),
    listServerTools: async (serverId, options) => keep(await source.listServerTools(serverId, options)),
  };
}
