/**
 * The staged test (the form's "Test"): against real fixture servers, each result says which
 * stages passed, where it stopped and, for a process, what the server wrote to stderr.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, startHttpFixture, type HttpFixtureKind, type RunningServer } from '@fixtures/servers/paths';
import type { McpServerInput, McpServerTransport, McpTestResult } from '@shared/contracts/mcp-types';
import { makeService, stdioInput, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

const TOKEN = 'stage-test-token-1234';
let h: Harness;
const remotes = new Map<HttpFixtureKind, RunningServer>();

beforeAll(async () => {
  for (const kind of ['sse', 'http', 'ws'] as const) remotes.set(kind, await startHttpFixture(kind, { FIXTURE_REQUIRE_TOKEN: TOKEN }));
});
afterAll(async () => {
  await Promise.all([...remotes.values()].map((r) => r.stop()));
});
afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren([...remotes.values()].map((r) => r.child.pid ?? -1))).toEqual([]);
});

const states = (result: McpTestResult) => result.stages.map((s) => `${s.stage}:${s.state}`);
const ALL_PASSED = ['connect:passed', 'initialize:passed', 'list_tools:passed'];

/** A draft for the fixture; `token` '' sends no Authorization header. */
const remote = (type: McpServerTransport, kind: HttpFixtureKind, path?: string, token = TOKEN): McpServerInput => {
  const url = new URL(remotes.get(kind)!.url);
  if (path) url.pathname = path;
  return { name: `draft-${type}`, type, config: { url: url.href, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) } };
};

describe('McpService.test, stage by stage', () => {
  it('passes every stage of a stdio server, each timed', async () => {
    h = makeService();
    const result = await h.service.test({ server: stdioInput('draft') });
    expect(result.success).toBe(true);
    expect(states(result)).toEqual(ALL_PASSED);
    expect(result.failedStage).toBeUndefined();
    for (const stage of result.stages) expect(stage.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.tools).toContain('echo');
  });

  it('stops at connect when the command does not exist', async () => {
    h = makeService();
    const result = await h.service.test({ server: { name: 'draft', type: 'stdio', config: { command: 'elftia-no-such-command', args: ['-y'] } } });
    expect(result).toMatchObject({ success: false, failedStage: 'connect', error: { code: 'DEPS_MISSING' } });
    expect(states(result)).toEqual(['connect:failed', 'initialize:skipped', 'list_tools:skipped']);
  });

  it('stops at initialize when the program exits first, with its stderr', async () => {
    h = makeService();
    const result = await h.service.test({ server: stdioInput('draft', FIXTURE_SERVERS.exitAtStart) });
    expect(result).toMatchObject({ success: false, failedStage: 'initialize' });
    expect(states(result)).toEqual(['connect:passed', 'initialize:failed', 'list_tools:skipped']);
    expect(result.stderrTail?.join('\n')).toContain('FIXTURE_API_KEY is not set');
  });

  it('stops at initialize when the program never answers it', async () => {
    h = makeService({ connectTimeoutMs: 1_500 });
    const result = await h.service.test({ server: stdioInput('draft', FIXTURE_SERVERS.neverInitialize) });
    expect(result).toMatchObject({ success: false, failedStage: 'initialize', error: { code: 'MCP_TIMEOUT' } });
    expect(states(result)).toEqual(['connect:passed', 'initialize:failed', 'list_tools:skipped']);
  });

  it.each([
    ['sse', 'sse'],
    ['http', 'http'],
    ['websocket', 'ws'],
  ] as const)('passes every stage of a %s server that gets its token', async (type, kind) => {
    h = makeService();
    const result = await h.service.test({ server: remote(type, kind) });
    expect(result.error).toBeUndefined();
    expect(states(result)).toEqual(ALL_PASSED);
    expect(result.tools).toContain('headers');
  });

  it.each([
    ['sse', 'sse'],
    ['http', 'http'],
    ['websocket', 'ws'],
  ] as const)('stops at connect when a %s server refuses a missing token', async (type, kind) => {
    h = makeService();
    const result = await h.service.test({ server: remote(type, kind, undefined, '') });
    expect(result).toMatchObject({ success: false, failedStage: 'connect' });
  });

  it('stops at connect when a Streamable HTTP URL has the wrong path', async () => {
    h = makeService();
    const result = await h.service.test({ server: remote('http', 'http', '/wrong') });
    expect(result).toMatchObject({ success: false, failedStage: 'connect', error: { code: 'MCP_CONNECT_FAILED' } });
    expect(result.error?.message).toMatch(/not found/i);
    expect(result.stderrTail).toBeUndefined();
  });

  it('reports a saved server whose live connection answered as reused', async () => {
    // Not connected on add, so the first test makes the connection itself.
    h = makeService({ connectOnAdd: false });
    const { server } = await h.service.add(stdioInput('saved'));
    const first = await h.service.test({ id: server!.id });
    expect(states(first)).toEqual(ALL_PASSED);
    expect(first.reusedConnection).toBeUndefined();
    const again = await h.service.test({ id: server!.id });
    expect(states(again)).toEqual(ALL_PASSED);
    expect(again.reusedConnection).toBe(true);
    expect(again.stages[0]!.durationMs).toBeUndefined();
  });
});
