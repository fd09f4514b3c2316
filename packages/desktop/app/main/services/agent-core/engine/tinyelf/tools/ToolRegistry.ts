/**
 * The tools one agent session can call, by the name the model calls them.
 *
 * Duplicate policy: a name is registered once. Registering a taken name throws DUPLICATE_NAME
 * naming both sources, unless the caller passes `replace: true` (e.g. a server reconnected with
 * a new tool list). Silently keeping either tool would make the model call something other than
 * what it was shown; MCP tool ids are already distinct across servers (toolIds.ts), so a clash
 * here means two loaders disagree and should be visible.
 *
 * Tools carry a `source` (`mcp:<serverId>`, `direct:<name>`; `builtin` when unset), so everything
 * one server or session contributed can be removed at once (`unregisterSource`).
 */
import { AppError } from '@shared/errors';
import type { ITool } from './ITool';

export const BUILTIN_SOURCE = 'builtin';

export interface RegisterOptions {
  /** Replace a tool already registered under the same name instead of throwing. */
  replace?: boolean;
}

export const sourceOf = (tool: ITool): string => tool.source ?? BUILTIN_SOURCE;

export class ToolRegistry {
  private readonly tools = new Map<string, ITool>();

  register(tool: ITool, options: RegisterOptions = {}): void {
    this.registerAll([tool], options);
  }

  /** All or nothing: a clash (with a registered tool or inside `tools`) registers none of them. */
  registerAll(tools: readonly ITool[], { replace = false }: RegisterOptions = {}): void {
    const batch = new Map<string, ITool>();
    for (const tool of tools) {
      const existing = batch.get(tool.name) ?? (replace ? undefined : this.tools.get(tool.name));
      if (existing) throw duplicate(tool, existing);
      batch.set(tool.name, tool);
    }
    for (const [name, tool] of batch) this.tools.set(name, tool);
  }

  get(name: string): ITool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** In registration order (a replaced tool keeps its place). */
  list(): ITool[] {
    return [...this.tools.values()];
  }

  unregister(name: string): boolean {
    return this.tools.delete(name);
  }

  /** Removes every tool that came from `source`; returns how many. */
  unregisterSource(source: string): number {
    let removed = 0;
    for (const [name, tool] of this.tools) {
      if (sourceOf(tool) === source && this.tools.delete(name)) removed += 1;
    }
    return removed;
  }

  get size(): number {
    return this.tools.size;
  }
}

function duplicate(tool: ITool, existing: ITool): AppError {
  return new AppError(
    'DUPLICATE_NAME',
    `A tool named "${tool.name}" is already registered (from ${sourceOf(existing)}); refusing the one from ${sourceOf(tool)}`,
    { name: tool.name, existingSource: sourceOf(existing), source: sourceOf(tool) },
  );
}
