/**
 * The tool calls running now, by callId: what `cancelCall` finds, what a server's question is
 * attributed to (the one call running on that server), and what a shutdown cancels first.
 */
import { AppError } from '@shared/errors';
import type { CallCancellation } from './CallCancellation';

export interface RunningCall {
  controller: CallCancellation;
  serverId: string;
  toolName: string;
  /** When the call's timeout ends it (epoch ms): a question it asked cannot outlive it. */
  deadline: number;
}

export class RunningCalls {
  private readonly calls = new Map<string, RunningCall>();

  /** The caller picks ids, and one id names one call: a callId already running is refused. */
  refuseDuplicate(callId: string): void {
    if (this.calls.has(callId)) throw new AppError('VALIDATION_FAILED', `A call with id ${callId} is already running`, { callId });
  }

  start(callId: string, call: RunningCall): void {
    this.calls.set(callId, call);
  }

  end(callId: string): void {
    this.calls.delete(callId);
  }

  /** The tool call running on the server, when exactly one is: a server request is most likely its. */
  onlyOn(serverId: string): { callId: string; toolName: string; deadline: number } | undefined {
    let only: { callId: string; toolName: string; deadline: number } | undefined;
    for (const [callId, call] of this.calls) {
      if (call.serverId !== serverId) continue;
      if (only) return undefined;
      only = { callId, toolName: call.toolName, deadline: call.deadline };
    }
    return only;
  }

  /** Cancels a running call: the server gets notifications/cancelled, the caller MCP_CANCELLED. */
  cancel(callId: string): boolean {
    const call = this.calls.get(callId);
    if (!call) return false;
    call.controller.abort(new AppError('MCP_CANCELLED', `Call ${callId} was cancelled`, { callId, serverId: call.serverId }));
    return true;
  }

  /**
   * Shutdown's first step: every call still running is cancelled before its connection closes,
   * and what a cancel must still tell the server (a task's tasks/cancel) is waited for.
   */
  async dispose(): Promise<void> {
    const controllers = [...this.calls.values()].map((call) => call.controller);
    for (const controller of controllers) controller.abort(new AppError('MCP_CANCELLED', 'The app is shutting down'));
    await Promise.all(controllers.map((controller) => controller.settled()));
  }
}
