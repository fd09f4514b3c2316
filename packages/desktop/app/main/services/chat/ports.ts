/**
 * The two seams between the chat loop and the person-facing parts of issue 15, so each side is
 * built and tested on its own:
 * - the loop asks a `ToolApprover` before each tool call (the approval policy and dialog answer);
 * - a server's sampling request is answered through a `TextCompleter` (the chat's model clients).
 */
import type { LlmProviderId } from '../../../shared/contracts/providers';
import type { AppCallDecision, AppCallQuestion } from '../capabilities/tools/mcp-users/pool/ServerApps';

/** A tool call waiting for the person: an app's question (the tool, its definition, the arguments) asked in a chat. */
export interface ApprovalQuestion extends AppCallQuestion {
  chatId: string;
}

export type ApprovalDecision = AppCallDecision;

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
