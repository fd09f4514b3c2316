/**
 * The TinyElf engine's tool interface.
 *
 * A bare `execute(params): Promise<string>` would lose two things an agent needs, so a tool
 * returns a structured `ToolResult` instead:
 * - a failure (an MCP `isError` result, a timeout, a dead connection) must reach the model as a
 *   failed result it can read and react to, not as a string that looks like success or as an
 *   exception that ends the loop; providers that have an error flag (Anthropic's `is_error`,
 *   Gemini's `response.error`) get it set from `isError`;
 * - images and audio must survive as content blocks, so the loop can send images as image parts
 *   to providers that accept them; `text` (flattenContent) is the lossless-for-text fallback.
 */
import type { McpCallToolResult } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';

/** One MCP content block (text, image, audio, resource_link, resource), as the server sent it. */
export type McpContentBlock = McpCallToolResult['content'][number];

/** A JSON Schema object (kept open: MCP servers send arbitrary schemas). */
export type JsonSchema = Record<string, unknown>;

export interface ToolResult {
  /** `flattenContent(content)`, or for a failure outside the tool (`error`), the code and message. */
  text: string;
  /** The tool ran and failed (MCP `isError`), or could not run at all (`error` is set). */
  isError: boolean;
  /** The MCP content blocks, kept so images and audio can go to providers that take them. */
  content: McpContentBlock[];
  /** The MCP structured content, for the person's view of the call (a chat's MCP App reads it); the model reads `text`. */
  structuredContent?: Record<string, unknown>;
  /** Why the call itself failed (timeout, connection closed, unknown tool, bad arguments…). */
  error?: AppErrorShape;
}

export interface ToolExecuteOptions {
  /** Aborting cancels the call, on the server too where the tool talks to one. */
  signal?: AbortSignal;
  /** The call's id where it runs (McpService's callId, which its progress events carry); default a fresh one. */
  callId?: string;
}

export interface ITool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  /** Where the tool came from (`mcp:<serverId>`, `direct:<serverName>`…): registry messages and group removal. */
  readonly source?: string;
  /** Resolves with a failed result rather than rejecting, for every failure it can name. */
  execute(params: Record<string, unknown>, options?: ToolExecuteOptions): Promise<ToolResult>;
}
