import { describe, expect, it } from 'vitest';
import { McpServerRecordSchema } from '../../shared/contracts/mcp-types';
import { describeTarget, redactServer, summarizeArguments, table } from './format';

describe('CLI formatting', () => {
  it('aligns table columns without trailing spaces', () => {
    expect(table(['A', 'BB'], [['xxx', 'y'], ['z', '']])).toBe('A    BB\nxxx  y\nz');
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

  it('masks the header values that carry credentials and shows the rest', () => {
    const remote = McpServerRecordSchema.parse({
      id: 'mcp_3',
      name: 'r',
      type: 'http',
      config: {
        url: 'https://u:url-pw@h/mcp?token=q',
        headers: { Authorization: 'Bearer abc', Cookie: 'sid=1', 'X-Api-Key': 'k', 'X-Auth-Token': 't', 'Client-Secret': 's', 'X-Team': 'core' },
      },
    });
    expect(redactServer(remote).config.headers).toEqual({
      Authorization: '***',
      Cookie: '***',
      'X-Api-Key': '***',
      'X-Auth-Token': '***',
      'Client-Secret': '***',
      'X-Team': 'core',
    });
    expect(describeTarget(remote)).toBe(
      'https://u:***@h/mcp?token=***  headers: Authorization: ***, Cookie: ***, X-Api-Key: ***, X-Auth-Token: ***, Client-Secret: ***, X-Team: core',
    );
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
    // mcp-server-git's git_log: optional timestamps are anyOf a string and null (they printed "any").
    expect(summarizeArguments({ properties: { start_timestamp: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null } } })).toBe('start_timestamp: string|null');
  });
});

