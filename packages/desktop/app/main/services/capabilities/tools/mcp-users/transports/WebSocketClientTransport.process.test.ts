import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { WebSocketClientTransport, WebSocketUpgradeError } from './WebSocketClientTransport';
import { startWsServer, type FixtureHandle } from '@fixtures/servers/ws-server.mjs';
import { TINY_PNG_BASE64 } from '@fixtures/servers/tools.mjs';

let server: FixtureHandle;
let url: URL;
const open: Array<{ close(): Promise<void> }> = [];

beforeEach(async () => {
  server = await startWsServer({ port: 0 });
  url = new URL(`ws://127.0.0.1:${server.port}/ws`);
});

afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((c) => c.close()));
  await server.close();
});

function track<T extends { close(): Promise<void> }>(thing: T): T {
  open.push(thing);
  return thing;
}

const textOf = (result: unknown) => {
  const first = CallToolResultSchema.parse(result).content[0];
  return first?.type === 'text' ? first.text : undefined;
};

describe('WebSocketClientTransport', () => {
  it('carries a full session: list tools, call echo and image', async () => {
    const client = track(new Client({ name: 'test', version: '1.0.0' }));
    await client.connect(new WebSocketClientTransport(url));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'image', 'headers']));
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'over ws' } }))).toBe('over ws');
    const image = CallToolResultSchema.parse(await client.callTool({ name: 'image', arguments: {} }));
    expect(image.content).toEqual([{ type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' }]);
  });

  it('sends custom headers and the mcp sub-protocol with the upgrade request', async () => {
    const client = track(new Client({ name: 'test', version: '1.0.0' }));
    await client.connect(new WebSocketClientTransport(url, { headers: { Authorization: 'Bearer t0ken', 'X-Elftia-Test': 'yes' } }));
    const headers = JSON.parse(textOf(await client.callTool({ name: 'headers', arguments: {} })) ?? '{}') as Record<string, string>;
    expect(headers).toMatchObject({ authorization: 'Bearer t0ken', 'x-elftia-test': 'yes', 'sec-websocket-protocol': 'mcp' });
  });

  it('rejects start() with the HTTP status when the server refuses the upgrade', async () => {
    const wrongProtocol = new WebSocketClientTransport(url, { protocol: 'graphql-ws' });
    const refused = await wrongProtocol.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(WebSocketUpgradeError);
    expect(refused).toMatchObject({ status: 400 });
    expect((refused as Error).message).toContain(`ws://127.0.0.1:${server.port}/ws`);

    const wrongPath = new WebSocketClientTransport(new URL(`ws://127.0.0.1:${server.port}/nope?token=secret`));
    const notFound = await wrongPath.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(notFound).toMatchObject({ status: 404 });
    // Query strings may carry tokens: they must not end up in error messages.
    expect((notFound as Error).message).not.toContain('secret');
  });

  it('rejects start() when nothing listens', async () => {
    const port = server.port;
    await server.close();
    const transport = new WebSocketClientTransport(new URL(`ws://127.0.0.1:${port}/ws`));
    await expect(transport.start()).rejects.toThrow(/ECONNREFUSED/);
  });

  it('rejects send() unless open; close() is idempotent and onclose fires once', async () => {
    const transport = new WebSocketClientTransport(url);
    let closes = 0;
    transport.onclose = () => closes++;
    await expect(transport.send({ jsonrpc: '2.0', method: 'ping', id: 1 })).rejects.toThrow('Not connected');
    await transport.start();
    await Promise.all([transport.close(), transport.close()]);
    await transport.close();
    expect(closes).toBe(1);
    await expect(transport.send({ jsonrpc: '2.0', method: 'ping', id: 2 })).rejects.toThrow('Not connected');
  });

  it('fails pending calls and closes when the server drops the connection', async () => {
    const client = track(new Client({ name: 'test', version: '1.0.0' }));
    let closed = false;
    client.onclose = () => (closed = true);
    await client.connect(new WebSocketClientTransport(url));
    await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(/Connection closed/);
    expect(closed).toBe(true);
  });

  it('skips frames that are not JSON-RPC and reports them through onerror', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    wss.on('connection', (socket) => {
      socket.send('not json');
      socket.send(JSON.stringify({ hello: 'world' }));
      socket.send(Buffer.from([1, 2, 3]), { binary: true });
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/ping' }));
    });
    const address = wss.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const transport = track(new WebSocketClientTransport(new URL(`ws://127.0.0.1:${port}`)));
    const errors: Error[] = [];
    const messages: unknown[] = [];
    transport.onerror = (e) => errors.push(e);
    transport.onmessage = (m) => messages.push(m);
    try {
      await transport.start();
      await expect.poll(() => messages).toEqual([{ jsonrpc: '2.0', method: 'notifications/ping' }]);
      expect(errors.map((e) => e.message)).toEqual([
        expect.stringContaining('not JSON-RPC'),
        expect.stringContaining('not JSON-RPC'),
        expect.stringContaining('binary'),
      ]);
    } finally {
      await transport.close();
      await new Promise((resolve) => wss.close(resolve));
    }
  });
});
