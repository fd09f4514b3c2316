/**
 * The transport table is the one list of transports: the router's enum, the CLI's help and flag
 * checks, the import dialects, the form's options and the translations agree with it, and a
 * transport added to a table reaches all of them with no other edit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServerConfigSchema } from '../shared/contracts/mcp-types';
import { defineTransports, TRANSPORTS, transportFields, transportOptions, type TransportTable } from '../shared/transports';
import { TRANSPORT_FACTORIES, type TransportFactory } from '../main/services/capabilities/tools/mcp-users/pool/createTransport';
import { inferTransport } from '../main/services/capabilities/tools/mcp-users/common/importDialects';
import { mcpAddSchema } from '../main/services/routers/McpRouter';
import { helpText } from './cli/commandTable';
import { flagHelp } from './cli/flags';
import { checkFlagsApply, parseType, serverFlags, type ServerFlags } from './cli/serverFlags';

/** The real table plus one transport that exists only here. */
const WITH_GRPC = defineTransports([
  ...TRANSPORTS.descriptors,
  { type: 'grpc', kind: 'url', urlSchemes: ['grpc:'], aliases: ['grpc-web'], fields: { url: 'required', headers: 'optional' }, article: 'a' },
]);
type GrpcTable = typeof WITH_GRPC extends TransportTable<infer T> ? T : never;

/** The add route's schema, built over another table the way the contract builds McpServerInputSchema. */
const inputSchemaOf = <T extends string>(table: TransportTable<T>) =>
  z.object({ type: table.schema, config: McpServerConfigSchema }).superRefine((input, ctx) => table.checkConfig(input.type as T, input.config, ctx));

/** The `--type T` line of a help text, as the list of types it names (after it, `servers add` marks the flag required). */
const typesInHelp = (help: string) =>
  /^ {2}--type T +(.+?)( \(required\))?$/m
    .exec(help)?.[1]
    ?.split(/, | or /)
    .map((type) => type.trim());

const flags = (values: Partial<ServerFlags>) => values as ServerFlags;

describe('a transport added to the table', () => {
  it('is a type the schema accepts, with its own config check', () => {
    const schema = inputSchemaOf(WITH_GRPC);
    expect(schema.safeParse({ type: 'grpc', config: { url: 'grpc://h:50051' } }).success).toBe(true);
    const wrongScheme = schema.safeParse({ type: 'grpc', config: { url: 'http://h' } });
    expect(wrongScheme.error?.issues).toMatchObject([{ path: ['config', 'url'], message: 'A grpc server needs a grpc:// URL' }]);
    expect(inputSchemaOf(TRANSPORTS).safeParse({ type: 'grpc', config: { url: 'grpc://h' } }).success).toBe(false);
  });

  it('is found by the import dialects under its aliases and its URL scheme', () => {
    expect(inferTransport('GRPC-Web', undefined, undefined, WITH_GRPC)).toBe('grpc');
    expect(inferTransport(undefined, undefined, 'grpc://h:50051', WITH_GRPC)).toBe('grpc');
    expect(inferTransport('grpc-web', undefined, undefined, TRANSPORTS)).toBe('grpc-web');
  });

  it('appears in the CLI help with the flags it reads', () => {
    const help = flagHelp(serverFlags(WITH_GRPC));
    expect(typesInHelp(help)).toEqual(['stdio', 'sse', 'http', 'websocket', 'grpc']);
    expect(help).toMatch(/--url U +sse\/http: an http:\/\/ or https:\/\/ URL; websocket: a ws:\/\/ or wss:\/\/ URL; grpc: a grpc:\/\/ URL$/m);
    expect(help).toMatch(/--header "K: V" +sse\/http\/websocket\/grpc: one request header \(repeatable\)$/m);
    expect(help).toMatch(/--ws-protocol P +websocket: /);
  });

  it('is a --type the CLI takes, which refuses the flags it does not read', () => {
    expect(parseType('servers add', 'grpc', WITH_GRPC)).toBe('grpc');
    expect(() => parseType('servers add', 'grpc', TRANSPORTS)).toThrow('--type must be one of stdio, sse, http, websocket; got "grpc"');
    expect(() => checkFlagsApply('servers add', 'grpc', flags({ url: 'grpc://h', header: ['A: b'] }), WITH_GRPC)).not.toThrow();
    expect(() => checkFlagsApply('servers add', 'grpc', flags({ command: 'node' }), WITH_GRPC)).toThrow(
      '--command applies only to stdio servers, not --type grpc',
    );
    expect(() => checkFlagsApply('servers add', 'grpc', flags({ 'ws-protocol': 'mcp' }), WITH_GRPC)).toThrow(
      '--ws-protocol applies only to websocket servers, not --type grpc',
    );
  });

  it('signs in and names its endpoint path only when its entry says so', () => {
    const signing = defineTransports([...TRANSPORTS.descriptors, { ...WITH_GRPC.get('grpc'), signIn: true, endpointPath: '/rpc' }]);
    expect(WITH_GRPC.signInTypes).toEqual(['sse', 'http']);
    expect(signing.signInTypes).toEqual(['sse', 'http', 'grpc']);
    expect(inferTransport(undefined, undefined, 'grpc://h/rpc', signing)).toBe('grpc');
    expect(signing.forEndpointPath('/api/rpc/')).toBe('grpc');
  });

  it('is an option of the form, with its fields', () => {
    expect(transportOptions(WITH_GRPC).at(-1)).toEqual({ value: 'grpc', labelKey: 'transport.grpc' });
    expect(transportFields(WITH_GRPC, 'grpc')).toEqual([
      { field: 'url', required: true },
      { field: 'headers', required: false },
    ]);
  });

  it('needs a factory, or the factory map does not compile', () => {
    // @ts-expect-error The real factories have none for grpc: this is the compile error a new entry causes.
    const missing: Record<GrpcTable, TransportFactory> = TRANSPORT_FACTORIES;
    const grpc: TransportFactory = () => {
      throw new Error('not reached');
    };
    const complete: Record<GrpcTable, TransportFactory> = { ...TRANSPORT_FACTORIES, grpc };
    expect(Object.keys(missing)).not.toContain('grpc');
    expect(Object.keys(complete)).toEqual([...WITH_GRPC.types]);
  });
});

describe('the real table', () => {
  const locale = (language: string): { transport?: Record<string, unknown> } =>
    JSON.parse(readFileSync(new URL(`../../../../locales/${language}/settings/tools.json`, import.meta.url), 'utf8'));

  it('agrees with the router enum, the CLI help, the form options and the factories', () => {
    const types = [...TRANSPORTS.types];
    expect(mcpAddSchema.shape.type.options).toEqual(types);
    expect(typesInHelp(helpText('servers add'))).toEqual(types);
    expect(typesInHelp(helpText('servers update'))).toEqual(types);
    expect(helpText('servers add')).toContain(`--type ${types.join('|')}`);
    expect(transportOptions(TRANSPORTS).map((option) => option.value)).toEqual(types);
    expect(Object.keys(TRANSPORT_FACTORIES).sort()).toEqual([...types].sort());
  });

  it('has a display name for every transport in every language', () => {
    for (const language of ['en', 'zh', 'ja']) {
      const names = locale(language).transport ?? {};
      const keys = transportOptions(TRANSPORTS).map((option) => option.labelKey.replace(/^transport\./, ''));
      expect(Object.keys(names).sort(), language).toEqual(keys.sort());
    }
  });
});
