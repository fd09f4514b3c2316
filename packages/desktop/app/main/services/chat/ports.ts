/**
 * The two seams between the chat loop and the person-facing parts of issue 15, so each side is
 * built and tested on its own:
 * - the loop asks a `ToolApprover` before each tool call (the approval policy and dialog answer);
 * - a server's sampling request is answered through a `TextCompleter` (the chat's model clients).
 */
import type { McpToolAnnotations } from '../../../shared/contracts/mcp-types';
import type { LlmProviderId } from '../../../shared/contracts/providers';

export interface ApprovalQuestion {
  chatId: string;
  callId: string;
  serverId: string;
  serverName: string;
  /** The MCP tool name (not the provider-facing id). */
  toolName: string;
  toolTitle?: string;
  /** With the title, input schema and annotations: the definition "allow for this chat" is bound to. */
  toolDescription?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  arguments: Record<string, unknown>;
}

export type ApprovalDecision = { allowed: true; arguments: Record<string, unknown> } | { allowed: false; reason: 'denied' | 'cancelled' };

export interface ToolApprover {
  /** Resolves at once for auto-approved calls; otherwise when the person answers or `signal` aborts (then `cancelled`). */
  decide(question: ApprovalQuestion, signal: AbortSignal): Promise<ApprovalDecision>;
  /** The chat was reset or closed: forget its remembered decisions and cancel its pending questions. */
  forgetChat(chatId: string): void;
}

export interface TextCompletionInput {
  providerId: LlmProviderId;
  model: string;
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
}

export interface TextCompleter {
  /** One non-streamed answer, no tools. Throws AppError (no key, the provider refused, the network failed). */
  complete(input: TextCompletionInput, signal?: AbortSignal): Promise<{ text: string; model: string; stopReason?: string }>;
}
