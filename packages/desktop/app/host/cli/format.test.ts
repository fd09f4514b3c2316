import { describe, expect, it } from 'vitest';
import { McpServerRecordSchema } from '../../shared/contracts/mcp-types';
import { describeTarget, redactArgs, redactServer, redactUrl, summarizeArguments, table } from './format';

describe('CLI formatting', () => {
  it('aligns table columns without trailing spaces', () => {
    expect(table(['A', 'BB'], [['xxx', 'y'], ['z', '']])).toBe('A    BB\nxxx  y\nz');
  });

  it('hides URL passwords and query values, leaves other URLs alone', () => {
    expect(redactUrl('https://me:tok@example.com/mcp?api_key=abc&api_key=def&v=2')).toBe('https://me:***@example.com/mcp?api_key=***&v=***');
    expect(redactUrl('http://127.0.0.1:3000/mcp')).toBe('http://127.0.0.1:3000/mcp');
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it('redacts env and header values in records and in the one-line target', () => {
    const server = McpServerRecordSchema.parse({
      id: 'mcp_1',
      name: 's',
      type: 'stdio',
      config: { command: 'npx', args: ['-y', 'some server'], env: { KEY: 'secret-1' } },
    });
    expect(redactServer(server).config.env).toEqual({ KEY: '***' });
    expect(server.config.env).toEqual({ KEY: 'secret-1' });
    expect(describeTarget(server)).toBe("npx -y 'some server'  env: KEY=***");
    const remote = McpServerRecordSchema.parse({ id: 'mcp_2', name: 'r', type: 'sse', config: { url: 'http://h/sse', headers: { 'X-Api-Key': 'k' } } });
    expect(describeTarget(remote)).toBe('http://h/sse  headers: X-Api-Key: ***');
  });

  it('summarises arguments with * for required ones', () => {
    expect(
      summarizeArguments({
        type: 'object',
        properties: { q: { type: 'string' }, n: { type: ['integer', 'null'] }, mode: { enum: ['a', 'b'] }, any: {} },
        required: ['q'],
      }),
    ).toBe('q*: string, n: integer|null, mode: "a"|"b", any: any');
    expect(summarizeArguments({ type: 'object' })).toBe('');
  });
});

describe('redactArgs', () => {
  it('hides credentials passed as arguments, and nothing else', () => {
    expect(
      redactArgs(['-y', '@scope/server', '--api-key', 'sk-123', '--token=abc', 'GITHUB_TOKEN=ghp_1', '--port', '3000', 'postgres://u:pw@db/x?sslkey=k']),
    ).toEqual(['-y', '@scope/server', '--api-key', '***', '--token=***', 'GITHUB_TOKEN=***', '--port', '3000', 'postgres://u:***@db/x?sslkey=***']);
    expect(redactArgs(['--auth', '--verbose'])).toEqual(['--auth', '--verbose']);
  });
});
