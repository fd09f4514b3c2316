/**
 * The engine's loop helper (TinyElf integration): take one provider response, run the
 * tool calls it makes through the ToolRegistry, and build the messages that continue the
 * conversation in that provider's format.
 *
 * Calls of one response run in parallel: providers emit several calls in one turn only when
 * they are independent (OpenAI's parallel_tool_calls, Anthropic's and Gemini's multi-call
 * turns), and the answers go back in call order whatever order they finish in. Nothing a call
 * does — an unknown tool, malformed arguments, a tool that throws — fails the turn: each becomes
 * a failed result the model reads.
 */
import { AppError, errorMessage } from '@shared/errors';
import { TOOL_FORMATS, type ToolFormat } from '@shared/toolFormats';
import { anthropicCodec, type AnthropicMessage } from './providers/anthropic';
import { geminiCodec, type GeminiContent } from './providers/gemini';
import { openAIChatCodec } from './providers/openaiChat';
import { openAIResponsesCodec } from './providers/openaiResponses';
import type { ExecutedToolCall, ProviderCodec, ToolCallRequest } from './providers/types';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { ITool, ToolExecuteOptions, ToolResult } from './tools/ITool';
import type { ToolRegistry } from './tools/ToolRegistry';
import { failedResult } from './tools/toolResult';

export type { ExecutedToolCall, ToolCallRequest } from './providers/types';

/** The message type of each format's conversation. */
export interface FormatMessages {
  openai: ChatCompletionMessageParam;
  'openai-responses': ResponseInputItem;
  anthropic: AnthropicMessage;
  google: GeminiContent;
  vertex: GeminiContent;
}

const CODECS: { [F in ToolFormat]: ProviderCodec<FormatMessages[F]> } = {
  openai: openAIChatCodec,
  'openai-responses': openAIResponsesCodec,
  anthropic: anthropicCodec,
  google: geminiCodec,
  vertex: geminiCodec,
};

export interface ToolTurn<Message> {
  /** The model's turn followed by the answers to its calls: append all of it to the history. */
  messages: Message[];
  calls: ExecutedToolCall[];
  /** The model called no tool: its turn is final. */
  done: boolean;
}

export interface RunToolCallsOptions {
  /** Cancels every running call (on the MCP servers too); their answers become MCP_CANCELLED. */
  signal?: AbortSignal;
  /**
   * Wraps each call that can run (known tool, readable arguments): the chat asks the person and
   * reports each step here. `run` executes the tool with the arguments given (possibly edited);
   * the hook may answer without calling it (a denied call).
   */
  aroundCall?: CallHook;
}

export type CallHook = (
  call: ToolCallRequest & { args: { ok: true; value: Record<string, unknown> } },
  tool: ITool,
  run: (args: Record<string, unknown>, options?: ToolExecuteOptions) => Promise<ToolResult>,
) => Promise<ToolResult>;

/** The tool calls in a response in `format`. Throws VALIDATION_FAILED when the response is not of that format's shape. */
export function extractToolCalls(format: ToolFormat, response: unknown): ToolCallRequest[] {
  const codec: ProviderCodec<unknown> = CODECS[format];
  return read(codec, format, response).calls;
}

export async function runToolCalls<F extends ToolFormat>(
  format: F,
  response: unknown,
  registry: ToolRegistry,
  options: RunToolCallsOptions = {},
): Promise<ToolTurn<FormatMessages[F]>> {
  const codec: ProviderCodec<FormatMessages[F]> = CODECS[format];
  const { assistant, calls } = read(codec, format, response);
  const executed = await Promise.all(calls.map(async (call) => ({ call, result: await executeCall(call, registry, options) })));
  return { messages: [...assistant, ...codec.answer(executed)], calls: executed, done: calls.length === 0 };
}

async function executeCall(call: ToolCallRequest, registry: ToolRegistry, { signal, aroundCall }: RunToolCallsOptions): Promise<ToolResult> {
  const tool = registry.get(call.name);
  if (!tool) return failedResult(new AppError('NOT_FOUND', `There is no tool named "${call.name}"`, { name: call.name }));
  if (!call.args.ok) {
    return failedResult(new AppError('VALIDATION_FAILED', `Tool "${call.name}" was not called: ${call.args.error}`, { name: call.name }));
  }
  const run = async (args: Record<string, unknown>, options: ToolExecuteOptions = {}): Promise<ToolResult> => {
    try {
      return await tool.execute(args, { ...(signal ? { signal } : {}), ...options });
    } catch (error) {
      // ITool asks tools not to throw; one that does still only fails its own call.
      return failedResult(error);
    }
  };
  if (!aroundCall) return run(call.args.value);
  try {
    return await aroundCall({ ...call, args: call.args }, tool, run);
  } catch (error) {
    return failedResult(error);
  }
}

function read<Message>(codec: ProviderCodec<Message>, format: ToolFormat, response: unknown) {
  try {
    return codec.read(response);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `Not a ${TOOL_FORMATS[format].label} response with a readable turn: ${errorMessage(error)}`, { format });
  }
}
