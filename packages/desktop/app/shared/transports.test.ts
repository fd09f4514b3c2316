import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTransports, schemePhrase, TRANSPORTS, transportFields, transportOptions, type TransportEntry } from './transports';

/** The messages `checkConfig` reports for a config, as `path: message`. */
function issues(type: (typeof TRANSPORTS.types)[number], config: Record<string, unknown>): string[] {
  const schema = z.object({}).superRefine((_, ctx) => TRANSPORTS.checkConfig(type, config, ctx));
  const result = schema.safeParse({});
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the transport table', () => {
  it('says what each transport lacks, at the field that lacks it, with the article its name is said with', () => {
    expect(issues('stdio', {})).toEqual(['config.command: A stdio server needs a command']);
    expect(issues('stdio', { command: '  ' })).toEqual(['config.command: A stdio server needs a command']);
    expect(issues('http', {})).toEqual(['config.url: An http server needs a url']);
    expect(issues('sse', { url: 'ws://h/x' })).toEqual(['config.url: An sse server needs an http:// or https:// URL']);
    expect(issues('websocket', { url: 'http://h/x' })).toEqual(['config.url: A websocket server needs a ws:// or wss:// URL']);
    expect(issues('websocket', { url: 'not a url' })).toEqual(['config.url: A websocket server needs a ws:// or wss:// URL']);
  });

  it('accepts a config with what the transport needs', () => {
    expect(issues('stdio', { command: 'node' })).toEqual([]);
    expect(issues('sse', { url: 'HTTPS://h/sse' })).toEqual([]);
    expect(issues('websocket', { url: ' wss://h/ws ' })).toEqual([]);
  });

  it('resolves type names and other hosts’ spellings, ignoring case', () => {
    expect(['stdio', 'Local', 'streamableHttp', ' streamable-http ', 'WS'].map((s) => TRANSPORTS.resolve(s))).toEqual([
      'stdio',
      'stdio',
      'http',
      'http',
      'websocket',
    ]);
    expect(TRANSPORTS.resolve('carrier-pigeon')).toBeUndefined();
  });

  it('finds the transports a URL scheme fits and those that read a field', () => {
    expect(TRANSPORTS.forUrl('wss://h/ws')).toEqual(['websocket']);
    expect(TRANSPORTS.forUrl('http://h/mcp')).toEqual(['sse', 'http']);
    expect(TRANSPORTS.forUrl('nonsense')).toEqual([]);
    expect(TRANSPORTS.using('wsProtocol')).toEqual(['websocket']);
    expect(TRANSPORTS.using('env')).toEqual(['stdio']);
  });

  it('says which transports sign in and which endpoint path a URL ends in', () => {
    expect(TRANSPORTS.signInTypes).toEqual(['sse', 'http']);
    expect(TRANSPORTS.forEndpointPath('/v1/SSE/')).toBe('sse');
    expect(TRANSPORTS.forEndpointPath('/mcp')).toBe('http');
    expect(TRANSPORTS.forEndpointPath('/xmcp')).toBeUndefined();
    expect(TRANSPORTS.forEndpointPath('/ws')).toBeUndefined();
  });

  it('gives the form its options in table order and each transport’s fields', () => {
    expect(transportOptions(TRANSPORTS)).toEqual([
      { value: 'stdio', labelKey: 'transport.stdio' },
      { value: 'sse', labelKey: 'transport.sse' },
      { value: 'http', labelKey: 'transport.http' },
      { value: 'websocket', labelKey: 'transport.websocket' },
    ]);
    expect(transportFields(TRANSPORTS, 'stdio')).toEqual([
      { field: 'command', required: true },
      { field: 'args', required: false },
      { field: 'env', required: false },
    ]);
    expect(transportFields(TRANSPORTS, 'websocket')).toEqual([
      { field: 'url', required: true },
      { field: 'headers', required: false },
      { field: 'wsProtocol', required: false },
    ]);
  });

  it('spells scheme lists with the article of their first letter’s name', () => {
    expect(schemePhrase(['http:', 'https:'])).toBe('an http:// or https://');
    expect(schemePhrase(['ws:', 'wss:'])).toBe('a ws:// or wss://');
    expect(schemePhrase(['grpc:'])).toBe('a grpc://');
  });

  it('refuses a table that contradicts itself', () => {
    const url: TransportEntry = { type: 'x', kind: 'url', urlSchemes: ['x:'], aliases: [], fields: { url: 'required' }, article: 'an' };
    expect(() => defineTransports([url])).not.toThrow();
    expect(() => defineTransports([])).toThrow('at least one transport');
    expect(() => defineTransports([url, { ...url, type: 'y', aliases: ['X'] }])).toThrow('"X" names both the x and the y transport');
    expect(() => defineTransports([{ ...url, urlSchemes: [] }])).toThrow('only url transports have URL schemes');
    expect(() => defineTransports([{ ...url, fields: { headers: 'optional' } }])).toThrow('must require url');
    expect(() => defineTransports([{ ...url, kind: 'process', fields: { command: 'required' } }])).toThrow('only url transports have URL schemes');
    const process: TransportEntry = { type: 'p', kind: 'process', urlSchemes: [], aliases: [], fields: { command: 'required' }, article: 'a' };
    expect(() => defineTransports([{ ...process, signIn: true }])).toThrow('only url transports sign in or have an endpoint path');
    expect(() => defineTransports([{ ...process, endpointPath: '/p' }])).toThrow('only url transports sign in or have an endpoint path');
  });
});
