/**
 * Tool ids: the names providers see for MCP tools.
 *
 * The base rule is `mcp__${cleanServerName}__${cleanToolName}` with every non-alphanumeric
 * character replaced by `_`. Made safe:
 * - valid everywhere: only `[A-Za-z0-9_]`, starts with `m`, at most 64 characters (the tightest
 *   of OpenAI, Anthropic and Gemini; see `PORTABLE_TOOL_NAME`);
 * - readable: ASCII punctuation becomes `_` with no suffix (`brave-search` → `brave_search`),
 *   because hyphens and dots are everywhere in real server and tool names and a hash on each of
 *   them would be noise in every prompt;
 * - distinct: when cleaning lost real information (non-ASCII: `身份证OCR` → `___OCR`) or a long
 *   name was cut short, a hash of the original names is appended; when two tools of one list
 *   still clean to the same id (`a.b` and `a_b`), `ToolIdRegistry` gives both a longer hash;
 * - stable: the id depends only on the server and tool names (and, for the rare collision, on
 *   the colliding tools), never on list order or a counter, so it survives restarts;
 * - reversible: `ToolIdRegistry` maps an id back to (server id, original tool name).
 */
import type { MCPTool } from '@shared/contracts/mcp-types';
import { sha256Hex } from './sha256';

export const TOOL_ID_MAX_LENGTH = 64;
/** The one name form every provider accepts (OpenAI, Anthropic and Gemini regexes intersected). */
export const PORTABLE_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

const PREFIX = 'mcp__';
const SEPARATOR = '__';
/** 8 hex digits (32 bits) for the common case; collisions escalate to 16 (see `assignToolIds`). */
const HASH_LENGTH = 8;
const LONG_HASH_LENGTH = 16;
/** When a long name must be cut, the server part keeps at least this much of itself. */
const MIN_SERVER_PART = 16;

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII = /[^\x00-\x7F]/;

export function cleanName(name: string): string {
  return name.replace(/[^a-zA-Z0-9]/g, '_');
}

export interface ToolIdOptions {
  /** Always add a hash of this length, and fold `discriminator` into it. Used on collisions. */
  forceHash?: { length: number; discriminator: string };
}

export function buildToolId(serverName: string, toolName: string, options: ToolIdOptions = {}): string {
  const server = cleanName(serverName);
  const tool = cleanName(toolName);
  const plain = `${PREFIX}${server}${SEPARATOR}${tool}`;
  const lossy = NON_ASCII.test(serverName) || NON_ASCII.test(toolName) || plain.length > TOOL_ID_MAX_LENGTH;
  if (!lossy && !options.forceHash) return plain;

  const hashLength = options.forceHash?.length ?? HASH_LENGTH;
  const hash = shortHash([options.forceHash?.discriminator ?? '', serverName, toolName].join('\u0000'), hashLength);
  const room = TOOL_ID_MAX_LENGTH - PREFIX.length - SEPARATOR.length - 1 - hashLength;
  const serverPart = server.slice(0, Math.min(server.length, Math.max(MIN_SERVER_PART, room - tool.length)));
  const toolPart = tool.slice(0, room - serverPart.length);
  return `${PREFIX}${serverPart}${SEPARATOR}${toolPart}_${hash}`;
}

function shortHash(text: string, length: number): string {
  return sha256Hex(text).slice(0, length);
}

/** What an id stands for. */
export interface ToolRef {
  serverId: string;
  serverName: string;
  toolName: string;
}

/** The two-way map between ids and (server, tool), built once per tool list. */
export class ToolIdRegistry {
  private readonly refs = new Map<string, ToolRef>();
  private readonly ids = new Map<string, string>();

  private constructor(entries: Iterable<readonly [string, ToolRef]>) {
    for (const [id, ref] of entries) {
      this.refs.set(id, ref);
      this.ids.set(refKey(ref.serverId, ref.toolName), id);
    }
  }

  /**
   * Ids for a set of tools. Stable for a given set: the common case is `buildToolId`, and the
   * only set-dependent step, lengthening the hash of ids that would still collide, looks at
   * the colliding tools alone and not at their order.
   */
  static from(refs: Iterable<ToolRef>): ToolIdRegistry {
    const unique = new Map<string, ToolRef>();
    for (const ref of refs) unique.set(refKey(ref.serverId, ref.toolName), ref);

    const byId = new Map<string, ToolRef[]>();
    for (const ref of unique.values()) {
      const id = buildToolId(ref.serverName, ref.toolName);
      const group = byId.get(id);
      if (group) group.push(ref);
      else byId.set(id, [ref]);
    }
    const entries: Array<readonly [string, ToolRef]> = [];
    for (const [id, group] of byId) {
      if (group.length === 1 && group[0]) {
        entries.push([id, group[0]]);
        continue;
      }
      for (const ref of group) {
        const forceHash = { length: LONG_HASH_LENGTH, discriminator: ref.serverId };
        entries.push([buildToolId(ref.serverName, ref.toolName, { forceHash }), ref]);
      }
    }
    if (new Set(entries.map(([id]) => id)).size !== entries.length) {
      throw new Error('Tool ids collide even with a 64-bit hash');
    }
    return new ToolIdRegistry(entries);
  }

  resolve(id: string): { serverId: string; toolName: string; serverName: string } | undefined {
    const ref = this.refs.get(id);
    return ref && { ...ref };
  }

  idOf(serverId: string, toolName: string): string | undefined {
    return this.ids.get(refKey(serverId, toolName));
  }

  get size(): number {
    return this.refs.size;
  }
}

function refKey(serverId: string, toolName: string): string {
  return JSON.stringify([serverId, toolName]);
}

/** The tools with their `id` set from the registry, and the registry to map ids back. */
export function assignToolIds(tools: readonly MCPTool[]): { tools: MCPTool[]; registry: ToolIdRegistry } {
  const registry = ToolIdRegistry.from(
    tools.map((tool) => ({ serverId: tool.serverId, serverName: tool.serverName, toolName: tool.name })),
  );
  return {
    tools: tools.map((tool) => ({ ...tool, id: registry.idOf(tool.serverId, tool.name) ?? tool.id })),
    registry,
  };
}
