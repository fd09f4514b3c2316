/**
 * The fixture servers (e2e/fixtures/servers) over every transport, driven by a bare SDK Client
 * through the transports the pool uses, plus the official server-everything. These are the
 * servers the pool and e2e tests rely on, so their behaviour is pinned here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  ToolListChangedNotificationSchema,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { StdioProcessTransport } from './StdioProcessTransport';
import { WebSocketClientTransport } from './WebSocketClientTransport';
import {
  assertNoChildren,
  EVERYTHING_BIN,
  FIXTURE_SERVERS,
  startEverything,
  startHttpFixture,
  type FixtureEnv,
  type RunningServer,
} from '@fixtures/servers/paths';
import { startSseServer } from '@fixtures/servers/sse-server.mjs';
import { startHttpServer } from '@fixtures/servers/http-server.mjs';
import { PAGE_SIZE, RESOURCE_TEXT, RESOURCE_URI, TINY_WAV_BASE64 } from '@fixtures/servers/tools.mjs';

type Kind = 'stdio' | 'sse' | 'http' | 'ws';
const BASE_TOOL_COUNT = 14;
const HEADERS = { 'X-Elftia-Test': 'fixture' };

/** A started server (a process for remote kinds; for stdio the transport owns the process). */
interface Target {
  transport(): Transport;
  stop(): Promise<void>;
  process?: RunningServer;
}

async function startTarget(kind: Kind, env: FixtureEnv = {}): Promise<Target> {
  if (kind === 'stdio') {
    return {
      transport: () =>
        new StdioProcessTransport({ command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { ...(process.env as Record<string, string>), ...env } }),
      stop: async () => {},
    };
  }
  const server = await startHttpFixture(kind, env);
  const transport = (): Transport => {
    if (kind === 'sse') return new SSEClientTransport(server.url, { requestInit: { headers: HEADERS } });
    if (kind === 'http') return new StreamableHTTPClientTransport(server.url, { requestInit: { headers: HEADERS } });
    return new WebSocketClientTransport(server.url, { headers: HEADERS });
  };
  return { transport, stop: () => server.stop(), process: server };
}

const clients: Client[] = [];

/** A client like the pool's: roots and sampling declared, elicitation declared on request. */
async function connect(target: Target, capabilities: { elicitation?: boolean } = {}) {
  const client = new Client(
    { name: 'elftia-test', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true }, sampling: {}, ...(capabilities.elicitation ? { elicitation: {} } : {}) } },
  );
  clients.push(client);
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///tmp/project', name: 'project' }] }));
  client.setRequestHandler(CreateMessageRequestSchema, (request) => ({
    role: 'assistant',
    content: { type: 'text', text: `sampled ${request.params.messages.length} message(s)` },
    model: 'test-model',
  }));
  // The SDK refuses a handler for a capability the client did not declare.
  if (capabilities.elicitation) client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
  await client.connect(target.transport());
  return client;
}

const textOf = (result: unknown) => {
  const first = CallToolResultSchema.parse(result).content[0];
  return first?.type === 'text' ? first.text : undefined;
};

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
});

describe.each<Kind>(['stdio', 'sse', 'http', 'ws'])('fixture server over %s', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(async () => {
    await target.stop();
    await assertNoChildren();
  });

  it('lists the tool set, prompts and resources', async () => {
    const client = await connect(target);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(BASE_TOOL_COUNT);
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'add', 'image', 'audio', 'sleep', 'fail', 'crash', 'stderr', 'add_tool', 'roots', 'sample', 'elicit', 'headers', 'structured']),
    );
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['greet']);
    const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Please greet Ada.' });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([RESOURCE_URI]);
    const read = await client.readResource({ uri: RESOURCE_URI });
    expect(read.contents[0]).toMatchObject({ text: RESOURCE_TEXT });
  });

  it('answers echo, add, audio and fail', async () => {
    const client = await connect(target);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'ping' } }))).toBe('ping');
    expect(textOf(await client.callTool({ name: 'add', arguments: { a: 1.5, b: 2 } }))).toBe('3.5');
    const audio = CallToolResultSchema.parse(await client.callTool({ name: 'audio', arguments: {} }));
    expect(audio.content).toEqual([{ type: 'audio', data: TINY_WAV_BASE64, mimeType: 'audio/wav' }]);
    expect(Buffer.from(TINY_WAV_BASE64, 'base64').subarray(0, 4).toString('ascii')).toBe('RIFF');
    const failed = CallToolResultSchema.parse(await client.callTool({ name: 'fail', arguments: {} }));
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toBe('This tool always fails');
  });

  it('reports progress for sleep and stops it on cancel', async () => {
    const client = await connect(target);
    const progress: Progress[] = [];
    // 100 ms per step: the last progress precedes the result by a step, which a loaded machine
    // needs (with 20 ms, over WebSocket, both arrived in one read and the progress came too late).
    const done = await client.callTool({ name: 'sleep', arguments: { ms: 500 } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(textOf(done)).toBe('slept 500');
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);

    // Aborted once the server reports progress, so the call is surely running there; left alone,
    // the 10 s sleep would resolve, so a rejection is the abort's.
    const controller = new AbortController();
    const call = client.callTool({ name: 'sleep', arguments: { ms: 10_000 } }, undefined, {
      signal: controller.signal,
      onprogress: () => controller.abort('user cancelled'),
    });
    await expect(call).rejects.toThrow();
    // The session survives a cancellation.
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'after cancel' } }))).toBe('after cancel');
  });

  it('announces tools it adds at runtime', async () => {
    const client = await connect(target);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    expect(textOf(await client.callTool({ name: 'add_tool', arguments: {} }))).toBe('extra_1');
    await expect.poll(() => changed).toBe(1);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('extra_1');
    expect(textOf(await client.callTool({ name: 'extra_1', arguments: {} }))).toBe('called extra_1');
  });

  it('asks the client for roots, sampling and elicitation', async () => {
    const client = await connect(target, { elicitation: true });
    expect(JSON.parse(textOf(await client.callTool({ name: 'roots', arguments: {} })) ?? 'null')).toEqual([
      { uri: 'file:///tmp/project', name: 'project' },
    ]);
    const sampled = JSON.parse(textOf(await client.callTool({ name: 'sample', arguments: {} })) ?? 'null') as unknown;
    expect(sampled).toMatchObject({ model: 'test-model', content: { type: 'text', text: 'sampled 1 message(s)' } });
    expect(textOf(await client.callTool({ name: 'elicit', arguments: {} }))).toBe('decline');
  });

  it('says so when the client did not declare elicitation', async () => {
    const client = await connect(target);
    const result = CallToolResultSchema.parse(await client.callTool({ name: 'elicit', arguments: {} }));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/does not support form elicitation/);
  });

  it.runIf(kind !== 'stdio')('shows the request headers it received', async () => {
    const client = await connect(target);
    const headers = JSON.parse(textOf(await client.callTool({ name: 'headers', arguments: {} })) ?? '{}') as Record<string, string>;
    expect(headers['x-elftia-test']).toBe('fixture');
  });

  it('paginates tools/list and can advertise a schema the SDK rejects', async () => {
    const special = await startTarget(kind, { FIXTURE_MANY_TOOLS: '25', FIXTURE_BAD_SCHEMA: '1' });
    try {
      const client = await connect(special);
      const first = await client.listTools();
      expect(first.tools).toHaveLength(PAGE_SIZE);
      expect(first.nextCursor).toBe(String(PAGE_SIZE));
      // Walk every page with a loose schema, as a tolerant host must.
      const LoosePage = z.object({ tools: z.array(z.looseObject({ name: z.string() })), nextCursor: z.string().optional() });
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, LoosePage);
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(names).toHaveLength(BASE_TOOL_COUNT + 25 + 1);
      expect(names.slice(-2)).toEqual(['many_25', 'bad_schema']);
      // The last page holds bad_schema, so the SDK's strict listTools() rejects it whole.
      await expect(client.listTools({ cursor: '30' })).rejects.toThrow();
    } finally {
      await Promise.allSettled(clients.splice(0).map((c) => c.close()));
      await special.stop();
    }
  });

  it('crash ends the server in the middle of a call', async () => {
    const doomed = await startTarget(kind);
    try {
      const client = await connect(doomed);
      const transportClosed = new Promise<void>((resolve) => (client.onclose = resolve));
      // Not every transport notices a dead HTTP peer on its own; the timeout bounds the wait.
      await expect(client.callTool({ name: 'crash', arguments: {} }, undefined, { timeout: 3000 })).rejects.toThrow();
      if (doomed.process) {
        const child = doomed.process.child;
        if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
        expect(child.exitCode).toBe(1);
      } else {
        await transportClosed;
      }
    } finally {
      await Promise.allSettled(clients.splice(0).map((c) => c.close()));
      await doomed.stop();
    }
  });
});

describe('stdio fixture, observed through its stderr', () => {
  afterAll(() => assertNoChildren());

  async function connectStdio() {
    const client = new Client({ name: 'test', version: '1.0.0' });
    clients.push(client);
    const transport = new StdioProcessTransport({ command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: process.env as Record<string, string> });
    await client.connect(transport);
    return { client, transport };
  }

  it('stderr writes to the server stderr', async () => {
    const { client, transport } = await connectStdio();
    await client.callTool({ name: 'stderr', arguments: { text: 'to the log' } });
    await expect.poll(() => transport.stderrTail()).toContain('to the log');
  });

  it('a cancelled sleep really stops on the server', async () => {
    const { client, transport } = await connectStdio();
    const controller = new AbortController();
    const call = client.callTool({ name: 'sleep', arguments: { ms: 10_000 } }, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toThrow();
    await expect.poll(() => transport.stderrTail()).toEqual(['sleep cancelled at step 1']);
  });
});

describe('HTTP fixtures started in-process', () => {
  it.each([
    ['sse', startSseServer, '/sse', (url: URL) => new SSEClientTransport(url)],
    ['http', startHttpServer, '/mcp', (url: URL) => new StreamableHTTPClientTransport(url)],
  ] as const)('%s: serves, then close() frees the port', async (_kind, start, path, transportFor) => {
    const server = await start({ port: 0 });
    const url = new URL(`http://127.0.0.1:${server.port}${path}`);
    const client = new Client({ name: 'test', version: '1.0.0' });
    clients.push(client);
    await client.connect(transportFor(url));
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'in-process' } }))).toBe('in-process');
    await server.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('official server-everything', () => {
  afterAll(() => assertNoChildren());

  it.each(['sse', 'streamableHttp'] as const)('serves echo over %s', async (mode) => {
    const server = await startEverything(mode);
    try {
      const client = new Client({ name: 'test', version: '1.0.0' });
      clients.push(client);
      await client.connect(mode === 'sse' ? new SSEClientTransport(server.url) : new StreamableHTTPClientTransport(server.url));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('echo');
      expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toBe('Echo: hi');
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('serves echo over stdio through StdioProcessTransport', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    clients.push(client);
    await client.connect(new StdioProcessTransport({ command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], env: process.env as Record<string, string> }));
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'stdio' } }))).toBe('Echo: stdio');
    await client.close();
  });
});
