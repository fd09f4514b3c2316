/** `convert`: every format from stdin, the shapes each provider takes, and clear errors for bad input. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertNoChildren } from '@fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from '@desktop-testing/cliTestkit';

const TOOLS = [
  {
    name: 'search',
    description: 'Searches the index',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: ['integer', 'null'] },
        mode: { oneOf: [{ const: 'fast' }, { const: 'exact' }] },
        filters: { type: 'object', properties: { tag: { type: 'string' } } },
      },
      required: ['query'],
    },
    // Fields convert does not use; they must not get in the way.
    annotations: { readOnlyHint: true },
    outputSchema: { type: 'object' },
  },
  { name: 'ping', description: 'No arguments', inputSchema: { type: 'object' } },
  { name: 'file.read', description: 'Reads a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];
const STDIN = JSON.stringify(TOOLS);
const NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

type Json = Record<string, unknown>;

let cli: CliSandbox;
beforeEach(() => {
  cli = makeSandbox();
});
afterEach(async () => {
  cli.remove();
  await assertNoChildren();
});

async function convert(args: string[], stdin = STDIN): Promise<{ code: number; out: unknown; stderr: string }> {
  const result = await cli.run(['convert', ...args], stdin);
  expect(result.code, result.stderr).toBe(0);
  return { code: result.code, out: JSON.parse(result.stdout), stderr: result.stderr };
}

describe('convert', () => {
  it('openai: Chat Completions function tools, non-strict by default', async () => {
    const { out, stderr } = await convert(['--format', 'openai']);
    expect(stderr).toBe('');
    const tools = out as Array<{ type: string; function: Json }>;
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['function', 'type']);
      expect(tool.type).toBe('function');
      expect(Object.keys(tool.function).sort()).toEqual(['description', 'name', 'parameters', 'strict']);
      expect(tool.function.name).toMatch(NAME);
      expect(tool.function.strict).toBe(false);
    }
    expect(tools.map((t) => t.function.name)).toEqual(['mcp__mcp__search', 'mcp__mcp__ping', expect.stringMatching(/^mcp__mcp__file_read/)]);
  });

  it('openai --strict: every schema is one OpenAI accepts unchanged in strict mode', async () => {
    const { out, stderr } = await convert(['--format', 'openai', '--strict']);
    expect(stderr).toBe('');
    for (const { function: fn } of out as Array<{ function: { strict: boolean; parameters: Json } }>) {
      expect(fn.strict).toBe(true);
      const transformed = toStrictJsonSchema(structuredClone(fn.parameters) as Parameters<typeof toStrictJsonSchema>[0]);
      expect(transformed).toEqual(fn.parameters);
    }
  });

  it('openai-responses: flat function tools, strict by default, --no-strict turns it off', async () => {
    const strict = (await convert(['--format', 'openai-responses'])).out as Json[];
    for (const tool of strict) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'name', 'parameters', 'strict', 'type']);
      expect(tool).toMatchObject({ type: 'function', strict: true });
    }
    const loose = (await convert(['--format', 'openai-responses', '--no-strict'])).out as Json[];
    expect(loose.every((tool) => tool.strict === false)).toBe(true);
  });

  it('anthropic: name, description and an object input_schema', async () => {
    const tools = (await convert(['--format', 'anthropic'])).out as Json[];
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'input_schema', 'name']);
      expect(tool.input_schema).toMatchObject({ type: 'object' });
    }
  });

  it('gemini: the outer array holding one functionDeclarations list', async () => {
    const { out } = await convert(['--format', 'gemini']);
    expect(Array.isArray(out)).toBe(true);
    const [group, ...more] = out as Array<{ functionDeclarations: Json[] }>;
    expect(more).toEqual([]);
    expect(Object.keys(group!)).toEqual(['functionDeclarations']);
    expect(group!.functionDeclarations.map((d) => d.name)).toEqual(['mcp__mcp__search', 'mcp__mcp__ping', expect.stringMatching(/^mcp__mcp__file_read/)]);
    // Gemini wants no parameters at all for a tool without arguments.
    expect(group!.functionDeclarations[1]).toEqual({ name: 'mcp__mcp__ping', description: 'No arguments' });
    // The format's id names the same format as its alias.
    expect((await convert(['--format', 'google'])).out).toEqual(out);
  });

  it('gemini sends JSON Schema and keeps an open map; vertex sends the OpenAPI subset and warns naming tool and property', async () => {
    const maps = JSON.stringify([{ name: 'put', inputSchema: { type: 'object', properties: { env: { type: 'object', additionalProperties: { type: 'string' } } } } }]);
    const gemini = await convert(['--format', 'gemini'], maps);
    expect((gemini.out as Array<{ functionDeclarations: Json[] }>)[0]!.functionDeclarations[0]!.parametersJsonSchema).toEqual({
      type: 'object',
      properties: { env: { type: 'object', properties: {}, additionalProperties: { type: 'string' } } },
    });
    expect(gemini.stderr).toBe('');
    const vertex = await convert(['--format', 'vertex'], maps);
    expect((vertex.out as Array<{ functionDeclarations: Json[] }>)[0]!.functionDeclarations[0]!.parameters).toEqual({
      type: 'OBJECT',
      properties: { env: { type: 'OBJECT', properties: {} } },
    });
    expect(vertex.stderr).toBe(
      'warning: [LOSSY_SCHEMA] mcp__mcp__put: "env" of "put" is a map of free-form keys, which the schema cannot declare: the model can send only its listed keys\n',
    );
  });

  it('reads a tools/list result from a file; --server names the ids', async () => {
    const file = path.join(cli.dir, 'tools-list.json');
    writeFileSync(file, JSON.stringify({ tools: TOOLS, nextCursor: 'page-2' }));
    const { out } = await convert(['--format', 'anthropic', '--server', 'git hub', file], '');
    expect((out as Json[]).map((t) => t.name)).toEqual([
      expect.stringMatching(/^mcp__git_hub__search/),
      expect.stringMatching(/^mcp__git_hub__ping/),
      expect.stringMatching(/^mcp__git_hub__file_read/),
    ]);
  });

  it('takes the output of `tools NAME --json` as input, with the ids `tools` printed', async () => {
    expect((await cli.run(stdioFixtureArgs('fx'))).code).toBe(0);
    const listed = await cli.run(['tools', 'fx', '--json']);
    const ids = (JSON.parse(listed.stdout) as Array<{ id: string }>).map((t) => t.id);
    expect(ids).toContain('mcp__fx__echo');
    // No --server: each tool's serverName names it, as it did in `tools`.
    const { out } = await convert(['--format', 'gemini'], listed.stdout);
    expect((out as Array<{ functionDeclarations: Json[] }>)[0]!.functionDeclarations.map((d) => d.name)).toEqual(ids);
    // --server given is what the caller wants, over what the input says.
    const renamed = (await convert(['--format', 'anthropic', '--server', 'other'], listed.stdout)).out as Json[];
    expect(renamed.map((t) => t.name)).toContain('mcp__other__echo');
  });

  it('writes warnings to stderr and keeps stdout pure JSON', async () => {
    const long = `${'A sentence that goes on. '.repeat(60)}`;
    const stdin = JSON.stringify([{ name: 'wordy', description: long, inputSchema: { type: 'object' } }, { name: 'twice' }, { name: 'twice' }]);
    const { out, stderr } = await convert(['--format', 'openai'], stdin);
    expect((out as unknown[]).length).toBe(2);
    expect(stderr).toMatch(/^warning: \[DESCRIPTION_SHORTENED\] mcp__mcp__wordy: Description shortened from \d+ to \d+ characters$/m);
    expect(stderr).toMatch(/^warning: \[TOOL_DROPPED\] mcp__mcp__twice: Dropped "twice"/m);
  });

  it('an empty list converts to an empty list', async () => {
    expect((await convert(['--format', 'gemini'], '[]')).out).toEqual([]);
    expect((await convert(['--format', 'openai'], '{"tools":[]}')).out).toEqual([]);
  });

  it('rejects garbage and bad flags with a message naming the problem, exit 2', async () => {
    const cases: Array<[string[], string, RegExp]> = [
      [['--format', 'openai'], 'garbage', /stdin is not JSON/],
      [['--format', 'openai'], '', /stdin is not JSON/],
      [['--format', 'openai'], '{"name":"x"}', /stdin must hold an array of MCP tools or a tools\/list result/],
      [['--format', 'openai'], '[{"description":"nameless"}]', /stdin: tools\[0\]\.name: /],
      [['--format', 'openai'], '{"tools":[{"name":"ok"},{"name":"x","inputSchema":"string"}]}', /stdin: \.tools\[1\]\.inputSchema: /],
      [['--format', 'openai'], '[42]', /tools\[0\]: /],
      [[], STDIN, /--format is required \(openai, openai-responses, anthropic, gemini, vertex\)/],
      [['--format', 'bard'], STDIN, /--format must be one of openai, openai-responses, anthropic, gemini, vertex; got "bard"/],
      [['--format', 'gemini', '--strict'], STDIN, /--strict applies only to --format openai and openai-responses/],
      [['--format', 'openai', '--strict', '--no-strict'], STDIN, /contradict/],
      [['--format', 'openai', '--server', ' '], STDIN, /--server must not be empty/],
      [['--format', 'openai', path.join('/nonexistent', 'tools.json')], STDIN, /Cannot read \/nonexistent\/tools\.json: ENOENT/],
      [['--format', 'openai', 'a.json', 'b.json'], STDIN, /Unexpected argument "b.json"/],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await cli.run(['convert', ...args], stdin);
      expect(result, `${args.join(' ')} <<< ${stdin}`).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Run "elftia-mcp convert --help" for usage.');
    }
  });
});
