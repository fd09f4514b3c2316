/** The two ways a ToolResult comes about: the tool answered, or the call itself failed. */
import { toErrorShape, type AppErrorShape } from '@shared/errors';
import { flattenContent } from './flattenContent';
import type { McpContentBlock, ToolResult } from './ITool';

/** What a tool answered; `isError` is the tool's own verdict (data, not an exception). */
export function resultFromContent(content: McpContentBlock[], isError: boolean): ToolResult {
  return { text: flattenContent(content), isError, content };
}

/**
 * A call that did not produce an answer. The text names the code and the message so the model
 * can tell a timeout from a dead server and decide whether to retry; anything that is not an
 * AppError is reported as INTERNAL (toErrorShape).
 */
export function failedResult(error: unknown): ToolResult {
  const shape: AppErrorShape = toErrorShape(error);
  const text = `${shape.code}: ${shape.message}`;
  return { text, isError: true, content: [{ type: 'text', text }], error: shape };
}
