/**
 * Test scaffolding for the McpService suites: a service on a real conf-backed store in a temp
 * dir, an event recorder, and server inputs for the fixture servers. No MCP is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_SERVERS, listOurChildren, type FixtureEnv } from '@fixtures/servers/paths';
import type { McpServerInput } from '@shared/contracts/mcp-types';
import { openConfMcpConfigStore } from '@services/config/confBackend';
import type { McpConfigStore } from '@services/config/McpConfigStore';
import type { EventPayload } from '@shared/contracts/ipc';
import { AppError } from '@shared/errors';
import { MCP_EVENT_NAMES, type McpEventName, type McpService, type McpServiceOptions } from '@services/capabilities/tools/mcp-users/McpService';
import { createMcp, type McpParts } from '@services/capabilities/tools/mcp-users/createMcp';

export type RecordedEvent = { [E in McpEventName]: { name: E; payload: EventPayload<E> } }[McpEventName];

export interface Harness {
  service: McpService;
  /** The service's peers (brokers, notices, events…), as createServices composes them. */
  mcp: McpParts;
  /** The service's store, for tests that count what it reads. */
  store: McpConfigStore;
  dir: string;
  /** Every event the service emitted, in order. */
  events: RecordedEvent[];
  /** Stops recording one event, as if no window or terminal listened to it. */
  stopRecording(name: McpEventName): void;
  dispose(): Promise<void>;
}

export function makeService(options: McpServiceOptions = {}): Harness {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-pool-'));
  const store = openConfMcpConfigStore(dir);
  const mcp = createMcp(store, { connectTimeoutMs: 10_000, ...options });
  const events: Harness['events'] = [];
  const recorders = new Map(MCP_EVENT_NAMES.map((name) => [name, mcp.events.on(name, (payload: EventPayload<McpEventName>) => events.push({ name, payload } as RecordedEvent))]));
  return {
    service: mcp.mcpService,
    mcp,
    store,
    dir,
    events,
    stopRecording: (name) => recorders.get(name)?.(),
    async dispose() {
      await mcp.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function stdioInput(name: string, script: string = FIXTURE_SERVERS.stdio, env: FixtureEnv & Record<string, string> = {}): McpServerInput {
  return { name, type: 'stdio', config: { command: process.execPath, args: [script], env } };
}

/** Our live descendants other than `allowed` (HTTP fixtures a suite keeps running). */
export function strayChildren(allowed: readonly number[] = []): string[] {
  const allowedSet = new Set(allowed);
  const isAllowed = (pid: number, ppid: number) => allowedSet.has(pid) || allowedSet.has(ppid);
  return listOurChildren()
    .filter((p) => !isAllowed(p.pid, p.ppid))
    .map((p) => `${p.pid} ${p.command}`);
}

/** Waits until no stray child is left (exits are reaped asynchronously); returns what is left. */
export async function waitNoStrayChildren(allowed: readonly number[] = [], timeoutMs = 3_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = strayChildren(allowed);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const textOf = (content: readonly { type: string }[]): string =>
  content.map((c) => (c.type === 'text' ? String((c as { text?: unknown }).text) : `[${c.type}]`)).join('');

/** The error code a promise rejects with; 'resolved' when it does not reject. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return err instanceof AppError ? err.code : `not an AppError: ${String(err)}`;
  }
  return 'resolved';
}
