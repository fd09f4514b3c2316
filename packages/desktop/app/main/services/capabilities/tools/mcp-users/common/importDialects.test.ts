import { describe, expect, it } from 'vitest';
import { readServerJson } from './importDialects';

const only = (json: unknown) => readServerJson(JSON.stringify(json));

describe('readServerJson', () => {
  it('reads a plain name → config map, Claude/Cursor mcpServers, VS Code servers and settings.json mcp.servers', () => {
    const server = { command: 'npx', args: ['-y', 'pkg'] };
    for (const root of [{ fs: server }, { mcpServers: { fs: server } }, { servers: { fs: server }, inputs: [] }, { mcp: { servers: { fs: server } } }]) {
      expect(only(root)).toEqual([{ name: 'fs', ok: true, ignoredKeys: [], input: expect.objectContaining({ name: 'fs', type: 'stdio' }) }]);
    }
    // A server that happens to be called "servers" is not a dialect wrapper.
    expect(only({ servers: { command: 'x' } })[0]).toMatchObject({ name: 'servers', ok: true });
  });

  it('maps type aliases and infers the transport when type is absent', () => {
    const types = only({
      a: { type: 'streamable-http', url: 'http://h/mcp' },
      b: { type: 'streamableHttp', url: 'http://h/mcp' },
      c: { type: 'ws', url: 'ws://h/ws' },
      d: { url: 'http://h/sse' },
      e: { url: 'http://h/mcp' },
      f: { url: 'wss://h/ws' },
      g: { httpUrl: 'http://h/anything' },
      h: { serverUrl: 'http://h/sse' },
    }).map((e) => (e.ok ? e.input.type : e.message));
    expect(types).toEqual(['http', 'http', 'websocket', 'sse', 'http', 'websocket', 'http', 'sse']);
  });

  it('reports bad entries by name and unknown keys without rejecting', () => {
    const [bad, unknownType, extra] = only({
      bad: { command: 42 },
      odd: { type: 'carrier-pigeon', url: 'http://h' },
      extra: { command: 'x', env: { N: 1 }, autoApprove: [], alwaysAllow: [] },
    });
    expect(bad).toMatchObject({ name: 'bad', ok: false, message: expect.stringContaining('command') });
    expect(unknownType).toMatchObject({ name: 'odd', ok: false, message: expect.stringContaining('type') });
    expect(extra).toMatchObject({ ok: true, ignoredKeys: ['autoApprove', 'alwaysAllow'], input: { config: { env: { N: '1' } } } });
  });

  it('names the field a program entry lacks: command, not url', () => {
    // A program's keys without a URL: the command is what is missing, whichever of them is there.
    const entries = only({ a: { args: ['-y', 'pkg'] }, b: { command: '', args: ['x'] }, c: { env: { A: '1' } }, d: { type: 'stdio' }, e: {}, f: { headers: { A: 'b' } } });
    const missing = entries.map((e) => (e.ok ? 'ok' : e.issues.map((issue) => `${issue.path}:${issue.reason ?? ''}`).join(',')));
    // Nothing says which kind an empty entry, or one with only headers, is: the default transport's url.
    expect(missing).toEqual(['command:missing', 'command:missing', 'command:missing', 'command:missing', 'url:missing', 'url:missing']);
    // A URL wins over a stray program key.
    expect(only({ g: { url: 'http://h/mcp', args: ['x'] } })[0]).toMatchObject({ ok: true, input: { type: 'http' } });
  });

  it('throws only when the text is not a JSON object', () => {
    expect(() => readServerJson('{nope')).toThrow();
    expect(() => readServerJson('[1]')).toThrow();
  });
});
