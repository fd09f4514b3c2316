/**
 * Which tool calls run as tasks, for every caller of the pool (the playground, chat and
 * `elftia-mcp call`): a tool whose listing says `taskSupport: "required"` always does (a plain
 * call is refused by the server), an `optional` one when the call may run long, any other never.
 * ToolCalls asks only on servers that take tool tasks at all, so other calls pay nothing.
 *
 * "May run long" is the call's time limit above `optionalTaskAboveMs`: a person who gave a call
 * (`--timeout`) or a server (its timeout setting) more time than the default expects it to run
 * long, and a task survives what a long request may not (a dropped stream, a proxy's idle
 * limit). Below it a task would only add polling to a quick call.
 *
 * What a tool supports comes from its listing. Where none is cached (a one-shot `elftia-mcp
 * call`) a quick call goes out plain rather than pay a tools/list first. A tool that requires a
 * task refuses a plain call before it runs anything: with the spec's -32601, or (the SDK's
 * McpServer) as an error result. Only after such an answer is the listing read, and the call
 * made again as a task if the tool requires one; otherwise that answer is the call's.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EventPayload } from '@shared/contracts/ipc';
import type { MCPTool, McpServerRecord } from '@shared/contracts/mcp-types';
import type { Emitter } from '@shared/lifecycle/Emitter';
import type { CallCancellation } from './CallCancellation';
import { requestToolCall } from './toolCall';
import { runToolTask, type TaskProgress } from './toolTask';

export interface ToolTaskParts {
  events: Emitter<{ 'mcp.tool_progress': EventPayload<'mcp.tool_progress'> }>;
  /** The server's enabled tools as listed (ServerTools' cache; listed now when there is none). */
  tools(server: McpServerRecord): Promise<MCPTool[]>;
  /** The cached listing only, if there is one. */
  cachedTools(serverId: string): MCPTool[] | undefined;
  optionalTaskAboveMs: number;
}

export interface TaskCall {
  server: McpServerRecord;
  toolName: string;
  callId: string;
  args: Record<string, unknown>;
}

export class ToolTasks {
  constructor(private readonly parts: ToolTaskParts) {}

  /** The call, as a task when its tool asks for one (see the file comment), else as a plain request. */
  async call(client: Client, call: TaskCall, request: RequestOptions & { timeout: number }, cancel: CallCancellation): Promise<CallToolResult> {
    const { server, toolName, callId, args } = call;
    const mayRunLong = request.timeout > this.parts.optionalTaskAboveMs;
    let listed = this.parts.cachedTools(server.id);
    const supportIn = (tools: MCPTool[]) => tools.find((tool) => tool.name === toolName)?.taskSupport;
    if (!listed && !mayRunLong) {
      const plain = await requestToolCall(client, toolName, args, request).catch((err: unknown) => {
        if (err instanceof McpError && err.code === ErrorCode.MethodNotFound) return err;
        throw err;
      });
      if (!(plain instanceof McpError) && !plain.isError) return plain;
      listed = await this.parts.tools(server);
      if (supportIn(listed) !== 'required') {
        if (plain instanceof McpError) throw plain;
        return plain;
      }
    }
    const support = supportIn(listed ?? (await this.parts.tools(server)));
    const asTask = support === 'required' || (support === 'optional' && mayRunLong);
    if (!asTask) return requestToolCall(client, toolName, args, request);
    const { events } = this.parts;
    // As for progress: reported only while someone listens.
    const onStatus =
      events.listenerCount('mcp.tool_progress') > 0
        ? ({ progress, status, message }: TaskProgress) =>
            events.emit('mcp.tool_progress', { serverId: server.id, toolName, callId, progress, taskStatus: status, ...(message !== undefined && { message }) })
        : undefined;
    return runToolTask(client, toolName, args, { timeoutMs: request.timeout, cancel, onStatus });
  }
}
