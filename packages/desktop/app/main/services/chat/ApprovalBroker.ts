/**
 * The person's approval of the tool calls a model makes (issue 15), the chat loop's ToolApprover.
 * The approval policy decides whether a call asks at all; a call that asks is shown by whoever
 * listens to `chat.approval_request` (every window's dialog) and answered through `respond` (the
 * `chat.approval_respond` route). A question waits as long as the turn does: the loop's signal
 * aborting (the turn cancelled, the chat reset) closes it as cancelled. Unlike a server's
 * elicitation there is no timeout of its own: nothing on the other side is waiting on a clock.
 *
 * "Allow for this chat" is an answer about the tool the person was shown. It is remembered with
 * that tool's fingerprint (toolFingerprint.ts) and holds only while the server declares the tool
 * the same way; a re-declared tool's next call asks again, carrying what changed.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApprovalClosedSchema, ApprovalRequest, ApprovalRespondInputSchema } from '../../../shared/contracts/chat';
import type { MCPTool, McpServerRecord } from '../../../shared/contracts/mcp-types';
import { AppError } from '../../../shared/errors';
import { appCallVerdict, approvalVerdict, type ApprovalVerdict } from '../capabilities/tools/mcp-users/common/approvalPolicy';
import { canonicalJson } from '../../../shared/text/canonicalJson';
import { argumentIssues } from '../capabilities/tools/mcp-users/common/schemaCheck';
import { toolChange, toolFingerprint, type ToolDefinition } from '../capabilities/tools/mcp-users/common/toolFingerprint';
import type { AppCallQuestion } from '../capabilities/tools/mcp-users/pool/ServerApps';
import type { ApprovalDecision, ApprovalQuestion, ToolApprover } from './ports';

export interface ApprovalHooks {
  request(request: ApprovalRequest): void;
  closed(closed: ApprovalClosed): void;
  /** The server's approval settings as they are now (the person may have changed them since the chat began). */
  serverSettings(serverId: string): Promise<{ isTrusted: boolean; disabledAutoApproveTools: readonly string[] }>;
  /** The tool's input schema, which edited arguments must fit; undefined when the tool is not known. */
  inputSchema(serverId: string, toolName: string): Promise<Record<string, unknown> | undefined>;
}

type ApprovalClosed = z.infer<typeof ApprovalClosedSchema>;
type ApprovalRespondInput = z.infer<typeof ApprovalRespondInputSchema>;

interface Pending {
  request: ApprovalRequest;
  /** The tool's definition as this call saw it: "allow for this chat" remembers it, and lets through only calls of the same one. */
  definition: ToolDefinition;
  fingerprint: string;
  settle(decision: ApprovalDecision, outcome: ApprovalClosed['outcome']): void;
}

interface Allowance {
  definition: ToolDefinition;
  fingerprint: string;
}

/** The chat id an app's questions carry: `app:<serverId>` (a chat's ids are UUIDs, so never one of theirs). */
export const APP_CHAT_PREFIX = 'app:';

const toolKey = (chatId: string, serverId: string, toolName: string) => JSON.stringify([chatId, serverId, toolName]);

const definitionOf = (question: Omit<ApprovalQuestion, 'chatId' | 'callId' | 'arguments'>): ToolDefinition => ({
  name: question.toolName,
  ...(question.toolTitle !== undefined && { title: question.toolTitle }),
  ...(question.toolDescription !== undefined && { description: question.toolDescription }),
  ...(question.inputSchema !== undefined && { inputSchema: question.inputSchema }),
  ...(question.annotations !== undefined && { annotations: question.annotations }),
});

export class ApprovalBroker implements ToolApprover {
  private readonly pending = new Map<string, Pending>();
  /**
   * "Allow for this chat", by chat + server + tool, for the tool's definition when it was allowed.
   * A call of a re-declared tool revokes the allowance and asks, saying what changed.
   */
  private readonly remembered = new Map<string, Allowance>();

  constructor(private readonly hooks: ApprovalHooks) {}

  async decide(question: ApprovalQuestion, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return { allowed: false, reason: 'cancelled' };
    const { chatId, serverId, toolName } = question;
    // A server that is gone has no settings; the call itself will say so, the policy asks meanwhile.
    const settings = await this.hooks.serverSettings(serverId).catch(() => ({ isTrusted: false, disabledAutoApproveTools: [] as string[] }));
    if (signal.aborted) return { allowed: false, reason: 'cancelled' };
    const definition = definitionOf(question);
    const fingerprint = toolFingerprint(definition);
    const key = toolKey(chatId, serverId, toolName);
    const allowance = this.remembered.get(key);
    const revoked = allowance !== undefined && allowance.fingerprint !== fingerprint;
    if (revoked) this.remembered.delete(key);
    const verdict = approvalVerdict({
      annotations: question.annotations,
      listed: settings.disabledAutoApproveTools.includes(toolName),
      trusted: settings.isTrusted,
      remembered: allowance !== undefined && !revoked,
    });
    if (verdict.auto) return { allowed: true, arguments: question.arguments };
    return this.ask(question, verdict.reason, definition, fingerprint, signal, revoked ? { changed: toolChange(allowance.definition, definition) } : {});
  }

  /**
   * An MCP App's call of its own server's tool (issue 32), by appCallVerdict: an app-visible tool
   * runs, a destructive or "always ask" one waits for the person in the same dialog as a model's
   * call, marked as the app's (`origin: 'app'`). Nothing is remembered ("allow for this chat" is
   * not offered), and the question waits until it is answered or the broker is disposed.
   */
  async decideForApp(question: AppCallQuestion): Promise<ApprovalDecision> {
    const settings = await this.hooks.serverSettings(question.serverId).catch(() => ({ isTrusted: false, disabledAutoApproveTools: [] as string[] }));
    const verdict: ApprovalVerdict = appCallVerdict({ annotations: question.annotations, listed: settings.disabledAutoApproveTools.includes(question.toolName) });
    if (verdict.auto) return { allowed: true, arguments: question.arguments };
    const definition = definitionOf(question);
    // Its own "chat" per server: never one a model's chat could remember an allowance for.
    const asked = { ...question, chatId: `${APP_CHAT_PREFIX}${question.serverId}` };
    return this.ask(asked, verdict.reason, definition, toolFingerprint(definition), new AbortController().signal, { origin: 'app' });
  }

  private ask(
    question: ApprovalQuestion,
    reason: ApprovalRequest['reason'],
    definition: ToolDefinition,
    fingerprint: string,
    signal: AbortSignal,
    extra: Pick<ApprovalRequest, 'changed' | 'origin'>,
  ): Promise<ApprovalDecision> {
    const { chatId, serverId, toolName } = question;
    const request: ApprovalRequest = {
      requestId: randomUUID(),
      chatId,
      callId: question.callId,
      serverId,
      serverName: question.serverName,
      toolName,
      ...(question.toolTitle !== undefined && { toolTitle: question.toolTitle }),
      ...(question.annotations !== undefined && { annotations: question.annotations }),
      arguments: question.arguments,
      reason,
      ...extra,
    };
    return new Promise<ApprovalDecision>((resolve) => {
      const onAbort = () => settle({ allowed: false, reason: 'cancelled' }, 'cancelled');
      const settle = (decision: ApprovalDecision, outcome: ApprovalClosed['outcome']) => {
        if (!this.pending.delete(request.requestId)) return;
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
        this.hooks.closed({ requestId: request.requestId, outcome });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.requestId, { request, definition, fingerprint, settle });
      this.hooks.request(request);
    });
  }

  /**
   * The person's answer; resolves to how many calls it answered. Edited arguments that do not fit
   * the tool's input schema fail with VALIDATION_FAILED and leave the request open to fix.
   */
  async respond({ requestId, decision, arguments: edited, includeIdentical }: ApprovalRespondInput): Promise<number> {
    const answered = this.pendingOrThrow(requestId).request;
    if (decision !== 'deny' && edited) {
      const schema = await this.hooks.inputSchema(answered.serverId, answered.toolName);
      const issues = schema ? argumentIssues(schema, edited) : [];
      if (issues.length > 0) {
        throw new AppError('VALIDATION_FAILED', `The edited arguments of ${answered.toolName} do not fit its input schema: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, {
          route: 'chat.approval_respond',
          issues,
        });
      }
    }
    // Answered meanwhile (the schema lookup awaited): the answer is stale.
    const pending = this.pendingOrThrow(requestId);
    // The same tool as the person saw it: a waiting call of the tool as re-declared since is another question.
    const sameTool = (p: Pending) =>
      p.request.chatId === answered.chatId && p.request.serverId === answered.serverId && p.request.toolName === answered.toolName && p.fingerprint === pending.fingerprint;
    const original = canonicalJson(answered.arguments);
    const targets = [pending, ...(includeIdentical ? [...this.pending.values()].filter((p) => p !== pending && sameTool(p) && canonicalJson(p.request.arguments) === original) : [])];

    for (const target of targets) {
      if (decision === 'deny') target.settle({ allowed: false, reason: 'denied' }, 'denied');
      else target.settle({ allowed: true, arguments: edited ?? target.request.arguments }, 'allowed');
    }
    let count = targets.length;
    if (decision === 'allow_chat' && answered.reason !== 'listed' && answered.origin !== 'app') {
      this.remembered.set(toolKey(answered.chatId, answered.serverId, answered.toolName), { definition: pending.definition, fingerprint: pending.fingerprint });
      // The tool's other waiting calls in this chat would run without asking had they come a moment
      // later; a listed tool's would not (the list is checked per call, not remembered).
      for (const other of [...this.pending.values()].filter((p) => sameTool(p) && p.request.reason !== 'listed')) {
        other.settle({ allowed: true, arguments: other.request.arguments }, 'allowed');
        count += 1;
      }
    }
    return count;
  }

  /** The questions waiting now, oldest first (a window that opens late shows them). */
  list(): ApprovalRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  forgetChat(chatId: string): void {
    for (const key of [...this.remembered.keys()]) if ((JSON.parse(key) as string[])[0] === chatId) this.remembered.delete(key);
    for (const pending of [...this.pending.values()]) {
      if (pending.request.chatId === chatId) pending.settle({ allowed: false, reason: 'cancelled' }, 'cancelled');
    }
  }

  /** Shutdown: every waiting call is cancelled, so no turn hangs on a question nobody can answer. */
  dispose(): void {
    for (const pending of [...this.pending.values()]) pending.settle({ allowed: false, reason: 'cancelled' }, 'cancelled');
    this.remembered.clear();
  }

  private pendingOrThrow(requestId: string): Pending {
    const pending = this.pending.get(requestId);
    if (!pending) {
      throw new AppError('CHAT_APPROVAL_NOT_PENDING', `No tool call ${requestId} is waiting for approval (it was answered or its turn stopped)`, { requestId });
    }
    return pending;
  }
}

/**
 * The broker over the app's servers: settings and input schemas come from McpService (its tool
 * cache), questions go wherever `publish` sends the contract's chat.* events.
 */
export function createApprovalBroker(
  mcpService: { get(id: string): Promise<McpServerRecord>; listServerTools(id: string): Promise<MCPTool[]> },
  publish: Pick<ApprovalHooks, 'request' | 'closed'>,
): ApprovalBroker {
  return new ApprovalBroker({
    ...publish,
    serverSettings: async (serverId) => {
      const { isTrusted, disabledAutoApproveTools } = await mcpService.get(serverId);
      return { isTrusted, disabledAutoApproveTools };
    },
    inputSchema: async (serverId, toolName) => (await mcpService.listServerTools(serverId)).find((tool) => tool.name === toolName)?.inputSchema,
  });
}
