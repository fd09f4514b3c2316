/**
 * What a person asks of a server to see whether it works: a test (connect and list tools, stage
 * by stage), "Check all", and discovery (tools, prompts, resources). McpService answers these
 * routes through here; the connection, listing and caching stay the pool's and the service's.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  McpServerInputSchema,
  McpServerRecordSchema,
  type McpDiscoverResult,
  type McpServerRecord,
  type McpTestAllResult,
  type McpTestInput,
  type McpTestResult,
} from '@shared/contracts/mcp-types';
import { toErrorShape } from '@shared/errors';
import type { McpServerLog } from '../McpServerLog';
import type { ConnectionPool } from './ConnectionPool';
import { listAllPrompts, listAllResources, listAllTools } from './listing';
import { notOffered } from './serverContent';
import { serverIdentity } from './serverIdentity';
import { TestStages } from './testStages';
import { toListing, type ToolsListing } from './toolListing';
import { isActiveAndReviewed } from './toolRules';
import type { ServerTools } from './ServerTools';

/** Stderr lines a failed test carries (the whole log is one route away for a saved server). */
const TEST_STDERR_LINES = 20;

export interface ServerTestParts {
  pool: ConnectionPool;
  log: McpServerLog;
  records: { get(id: string): McpServerRecord; list(): McpServerRecord[] };
  /** Lists a saved server's tools (and keeps what it said), and runs its other listings. */
  tools: Pick<ServerTools, 'list' | 'request'>;
  requestTimeoutMs: number;
}

export class ServerTests {
  constructor(private readonly parts: ServerTestParts) {}

  /**
   * A saved server uses its pooled connection; an unsaved one a throwaway. A failure says which
   * stage stopped the test and carries the stderr the server wrote meanwhile. A saved server the
   * pool refuses to connect (an unreviewed linked one) is not tested at all: the refusal is the answer.
   */
  async test(input: McpTestInput): Promise<McpTestResult> {
    const { pool, log, records } = this.parts;
    const started = performance.now();
    const saved = 'id' in input;
    const server = saved ? records.get(input.id) : McpServerRecordSchema.parse({ ...McpServerInputSchema.parse(input.server), id: `test_${randomUUID()}` });
    if (saved) pool.refuseUnreviewed(server);
    const stages = new TestStages();
    const mark = log.mark(server.id);
    try {
      const { listing, client, reusedConnection } = saved ? await this.testSaved(server, stages) : await this.testUnsaved(server, stages);
      stages.listed();
      const { serverInfo } = serverIdentity(client);
      return {
        success: true,
        ...stages.report(false),
        ...(reusedConnection ? { reusedConnection } : {}),
        tools: listing.enabled.map((t) => t.name),
        disabledTools: listing.all.filter((t) => t.disabled).map((t) => t.name),
        invalidTools: listing.issues,
        durationMs: performance.now() - started,
        ...(serverInfo ? { serverInfo } : {}),
      };
    } catch (err) {
      const stderrTail = log.since(server.id, mark, 'stderr', TEST_STDERR_LINES);
      return {
        success: false,
        ...stages.report(true),
        ...(stderrTail.length ? { stderrTail } : {}),
        tools: [],
        disabledTools: [],
        invalidTools: [],
        durationMs: performance.now() - started,
        error: toErrorShape(err),
      };
    } finally {
      if (!saved) log.forget(server.id);
    }
  }

  /** "Check all": each active server's test, as a person's action; the connect line caps how many start together. */
  testAll(): Promise<McpTestAllResult> {
    const active = this.parts.records.list().filter(isActiveAndReviewed);
    return Promise.all(active.map(async (s) => ({ id: s.id, name: s.name, result: await this.test({ id: s.id }) })));
  }

  /**
   * Every tool (disabled ones marked), prompts and resources. Prompts and resources may fail
   * without failing the whole; a kind the server did not announce is MCP_NOT_SUPPORTED, not an
   * empty list, so "none" and "cannot have any" read differently.
   */
  async discover(serverId: string): Promise<McpDiscoverResult> {
    const { pool, records, tools: serverTools } = this.parts;
    const server = records.get(serverId);
    const tools = await serverTools.list(server);
    const { client } = await pool.acquire(server);
    const caps = client.getServerCapabilities() ?? {};
    const options = { timeout: this.parts.requestTimeoutMs };
    const unsupported = (capability: 'prompts' | 'resources') => Promise.reject(notOffered(server, capability));
    const [prompts, resources] = await Promise.allSettled([
      caps.prompts ? serverTools.request(server, 'prompts/list', (c) => listAllPrompts(c, options)) : unsupported('prompts'),
      caps.resources ? serverTools.request(server, 'resources/list', (c) => listAllResources(c, options)) : unsupported('resources'),
    ]);
    return {
      ...serverIdentity(client),
      tools: tools.all,
      invalidTools: tools.issues,
      prompts: prompts.status === 'fulfilled' ? prompts.value.items : [],
      resources: resources.status === 'fulfilled' ? resources.value.items : [],
      errors: {
        ...(prompts.status === 'rejected' ? { prompts: toErrorShape(prompts.reason) } : {}),
        ...(resources.status === 'rejected' ? { resources: toErrorShape(resources.reason) } : {}),
      },
    };
  }

  private async testSaved(server: McpServerRecord, stages: TestStages): Promise<{ listing: ToolsListing; client: Client; reusedConnection: boolean }> {
    const { client } = await this.parts.pool.acquire(server, { probe: stages, by: 'person' });
    const reusedConnection = stages.reused();
    return { listing: await this.parts.tools.list(server), client, reusedConnection };
  }

  private testUnsaved(server: McpServerRecord, stages: TestStages): Promise<{ listing: ToolsListing; client: Client; reusedConnection: false }> {
    const listUnpooled = async (client: Client) => {
      const listed = await listAllTools(client, { timeout: this.parts.requestTimeoutMs });
      // Before the throwaway connection closes, which for a process can take seconds.
      stages.listed();
      return { listing: toListing(server, listed), client, reusedConnection: false as const };
    };
    return this.parts.pool.withUnpooled(server, listUnpooled, stages);
  }
}
