/**
 * The tool loop's per-call hook for a chat: before each call the ToolApprover is asked, and each
 * step (awaiting_approval → running → done / failed / denied / cancelled) goes out as a
 * chat.tool_call event carrying McpService's callId, so the call's mcp.tool_progress events match.
 * A denied call is answered to the model as a failed result saying the person denied it.
 */
import { randomUUID } from 'node:crypto';
import type { ChatToolCallEvent, ChatToolCallStatus } from '../../../shared/contracts/chat';
import type { MCPTool, McpCallToolResult } from '../../../shared/contracts/mcp-types';
import { AppError } from '../../../shared/errors';
import type { CallHook } from '../agent-core/engine/tinyelf/toolLoop';
import type { ArgumentMapper } from '../agent-core/engine/tinyelf/tools/McpToolAdapter';
import type { ToolResult } from '../agent-core/engine/tinyelf/tools/ITool';
import { failedResult, resultFromContent } from '../agent-core/engine/tinyelf/tools/toolResult';
import type { ToolApprover } from './ports';

/** What the model reads for a call the person refused. */
export const DENIED_TEXT = 'The person denied this tool call, so it did not run. Do not retry it unless they ask.';

export interface CallStepsContext {
  chatId: string;
  turnId: string;
  /** The tools as sent, by the id the model calls. */
  tools: readonly MCPTool[];
  toMcpArguments?: ArgumentMapper;
  approver: ToolApprover;
  signal: AbortSignal;
  report(event: ChatToolCallEvent): void;
}

export function chatCallHook({ chatId, turnId, tools, toMcpArguments, approver, signal, report }: CallStepsContext): CallHook {
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  return async (call, _tool, run) => {
    const mcpTool = byId.get(call.name);
    // The registry holds exactly these tools, so this is a broken invariant, not a model mistake.
    if (!mcpTool) throw new AppError('INTERNAL', `No MCP tool behind "${call.name}"`);
    const callId = randomUUID();
    // The person approves what the server will get: strict-mode nulls and Gemini renames undone.
    const args = toMcpArguments ? toMcpArguments(call.name, call.args.value) : call.args.value;
    const step = (status: ChatToolCallStatus, extra: Partial<ChatToolCallEvent> = {}) =>
      report({ chatId, turnId, callId, serverId: mcpTool.serverId, serverName: mcpTool.serverName, toolName: mcpTool.name, arguments: args, status, ...extra });

    step('awaiting_approval');
    const decision = await approver.decide(
      {
        chatId,
        callId,
        serverId: mcpTool.serverId,
        serverName: mcpTool.serverName,
        toolName: mcpTool.name,
        ...(mcpTool.title !== undefined ? { toolTitle: mcpTool.title } : {}),
        // The definition as this step sent it: the list is fetched for every step and the cache
        // is dropped on tools/list_changed, so a tool re-declared mid-chat arrives here changed.
        toolDescription: mcpTool.description,
        inputSchema: mcpTool.inputSchema,
        ...(mcpTool.annotations !== undefined ? { annotations: mcpTool.annotations } : {}),
        arguments: args,
      },
      signal,
    );
    if (!decision.allowed) {
      if (decision.reason === 'denied') {
        step('denied');
        return { ...resultFromContent([{ type: 'text', text: DENIED_TEXT }], true) };
      }
      const cancelled = new AppError('MCP_CANCELLED', `The turn was stopped before "${mcpTool.name}" ran`, { callId });
      step('cancelled', { error: cancelled.toShape() });
      return failedResult(cancelled);
    }

    step('running', { arguments: decision.arguments });
    const started = performance.now();
    const result = await run(decision.arguments, { callId });
    const durationMs = performance.now() - started;
    step(statusOf(result), {
      arguments: decision.arguments,
      ...(result.error ? { error: result.error } : { result: mcpResult(callId, result, durationMs) }),
    });
    return result;
  };
}

function statusOf(result: ToolResult): ChatToolCallStatus {
  if (result.error?.code === 'MCP_CANCELLED') return 'cancelled';
  return result.isError ? 'failed' : 'done';
}

const mcpResult = (callId: string, result: ToolResult, durationMs: number): McpCallToolResult => ({
  callId,
  isError: result.isError,
  content: result.content,
  ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
  durationMs,
});
