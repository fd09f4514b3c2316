/**
 * Each server's callable tools (not disabled; app-only ones included), kept for `ttlMs`. Never wrong: every invalidation bumps the
 * server's epoch, and a listing that started under an older epoch (it raced a config change, a
 * reconnect or tools/list_changed) is not stored.
 */
import type { MCPTool } from '@shared/contracts/mcp-types';

export class ToolCache {
  private readonly entries = new Map<string, { tools: MCPTool[]; timestamp: number }>();
  private readonly epochs = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  /** A copy of the fresh cached list, or undefined. */
  get(serverId: string): MCPTool[] | undefined {
    const entry = this.entries.get(serverId);
    return entry && Date.now() - entry.timestamp < this.ttlMs ? entry.tools.slice() : undefined;
  }

  /** Read before a listing starts; hand it back to `set`. */
  epoch(serverId: string): number {
    return this.epochs.get(serverId) ?? 0;
  }

  /** Stores `tools` unless the server was invalidated since `epoch` was read. */
  set(serverId: string, epoch: number, tools: MCPTool[]): void {
    if (this.epoch(serverId) === epoch) this.entries.set(serverId, { tools: tools.slice(), timestamp: Date.now() });
  }

  invalidate(serverId: string): void {
    this.entries.delete(serverId);
    this.epochs.set(serverId, this.epoch(serverId) + 1);
  }

  clear(): void {
    this.entries.clear();
  }
}
