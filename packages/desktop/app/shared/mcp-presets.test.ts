import { describe, expect, it } from 'vitest';
import { McpServerInputSchema } from './contracts/mcp-types';
import { AppError, issueFields, type IssueField } from './errors';
import {
  OFFICIAL_MCP_PRESETS,
  OfficialMcpPresetSchema,
  pinnedPackageOf,
  presetToServerInput,
  type OfficialMcpPreset,
} from './mcp-presets';
import en from '@locales/en/settings/tools.json';
import zh from '@locales/zh/settings/tools.json';
import ja from '@locales/ja/settings/tools.json';

const icons = import.meta.glob('../../../../resources/presets/*.svg', { query: '?raw', import: 'default', eager: true });
const iconKeys = new Set(Object.keys(icons).map((file) => /([^/]+)\.svg$/.exec(file)?.[1]));

const byId = (id: string): OfficialMcpPreset => {
  const preset = OFFICIAL_MCP_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`no preset ${id}`);
  return preset;
};
const ids = OFFICIAL_MCP_PRESETS.map((p) => p.id);

/** Walks a dotted i18next key through a parsed locale file. */
function lookup(resource: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), resource);
}

function issuesOf(value: unknown): IssueField[] {
  const result = OfficialMcpPresetSchema.safeParse(value);
  return result.success ? [] : issueFields(result.error.issues);
}

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('OFFICIAL_MCP_PRESETS', () => {
  it.each(ids)('%s passes the schema', (id) => {
    expect(issuesOf(byId(id))).toEqual([]);
  });

  it('has unique ids and the presets the issue asks for', () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      [
        'brave-search',
        'context7',
        'exa',
        'filesystem',
        'firecrawl',
        'github',
        'memory',
        'playwright',
        'sequential-thinking',
        'tavily',
        'zai-vision',
        'zai-web-reader',
        'zai-web-search',
        'zai-zread',
      ].sort(),
    );
  });

  it.each(ids)('%s has an icon file in resources/presets', (id) => {
    expect(iconKeys).toContain(byId(id).icon);
  });

  it.each(ids)('%s has an en, zh and ja description', (id) => {
    const key = byId(id).description;
    const texts = [en, zh, ja].map((resource) => lookup(resource, key));
    for (const text of texts) expect(text, key).toEqual(expect.stringMatching(/\S{3}/));
    // A "translation" equal to the English text is an untranslated copy.
    expect(new Set(texts).size).toBe(3);
  });

  it('links the Z.AI servers to the Z.AI and Zhipu providers', () => {
    for (const id of ['zai-vision', 'zai-web-search', 'zai-web-reader', 'zai-zread']) {
      expect(byId(id).linkedProviderIds).toEqual(['zai', 'zhipu']);
    }
    expect(byId('zai-vision')).toMatchObject({ apiKeyEnvVar: 'Z_AI_API_KEY', extraEnv: { Z_AI_MODE: 'ZAI' } });
  });
});

describe('OfficialMcpPresetSchema rejects a bad preset', () => {
  const stdio = byId('tavily');
  const http = byId('zai-web-search');

  it.each([
    ['an @latest package', { ...stdio, args: ['-y', 'tavily-mcp@latest'] }, 'args'],
    ['a version range', { ...stdio, args: ['-y', 'tavily-mcp@^0.2.22'] }, 'args'],
    ['a prerelease', { ...stdio, args: ['-y', '@playwright/mcp@0.0.70-alpha-2026-04-01'] }, 'args'],
    ['an unpinned package', { ...stdio, args: ['-y', 'tavily-mcp'] }, 'args'],
    ['npx without -y', { ...stdio, args: ['tavily-mcp@0.2.22'] }, 'args'],
    ['a stdio preset without a command', { ...stdio, command: undefined }, 'command'],
    ['a required key with nowhere to go', { ...stdio, apiKeyEnvVar: undefined }, 'apiKeyEnvVar'],
    ['extraEnv that sets the key', { ...stdio, extraEnv: { TAVILY_API_KEY: 'x' } }, 'extraEnv'],
    ['a stdio preset with a url', { ...stdio, url: 'https://example.com/mcp' }, 'url'],
    ['an http preset without a url', { ...http, url: undefined }, 'url'],
    ['a plain-http url', { ...http, url: 'http://api.z.ai/api/mcp/web_search_prime/mcp' }, 'url'],
    ['an http preset with an env var', { ...http, apiKeyEnvVar: 'Z_AI_API_KEY' }, 'apiKeyEnvVar'],
    ['an unknown transport', { ...http, transportType: 'sse' }, 'transportType'],
    ['an unknown category', { ...http, category: 'misc' }, 'category'],
    ['a description that is not its i18n key', { ...http, description: 'Searches the web' }, 'description'],
    ['a tool listed twice', { ...http, tools: ['webSearchPrime', 'webSearchPrime'] }, 'tools'],
    ['no tools', { ...http, tools: [] }, 'tools'],
    ['a variant for an unlinked provider', { ...http, providerVariants: { openai: { url: 'https://example.com/mcp' } } }, 'providerVariants'],
    ['a field the seed does not have', { ...http, homepage: 'https://z.ai' }, ''],
  ])('%s', (_name, preset, path) => {
    const issues = issuesOf(preset);
    expect(issues.map((issue) => issue.path)).toContain(path);
  });
});

describe('pinnedPackageOf', () => {
  it('reads the scoped or unscoped package and its version', () => {
    expect(pinnedPackageOf(byId('zai-vision'))).toEqual({ name: '@z_ai/mcp-server', version: '0.1.5' });
    expect(pinnedPackageOf(byId('tavily'))).toEqual({ name: 'tavily-mcp', version: '0.2.22' });
  });

  it('has no package for a hosted preset', () => {
    expect(pinnedPackageOf(byId('github'))).toBeUndefined();
  });
});

describe('presetToServerInput', () => {
  const KEY = 'sk-test-123';

  it.each(ids)('%s becomes a valid mcp.add input', (id) => {
    const preset = byId(id);
    const takesKey = preset.transportType === 'http' || Boolean(preset.apiKeyEnvVar);
    const input = presetToServerInput(preset, takesKey ? { apiKey: KEY } : {});
    const parsed = McpServerInputSchema.parse(input);
    expect(parsed).toMatchObject({ name: preset.name, type: preset.transportType ?? 'stdio', installSource: 'builtin' });
  });

  it('runs a stdio preset with its key in apiKeyEnvVar next to extraEnv', () => {
    expect(presetToServerInput(byId('zai-vision'), { apiKey: ` ${KEY} ` })).toEqual({
      name: 'Z.AI Vision',
      type: 'stdio',
      config: {
        command: 'npx',
        args: ['-y', '@z_ai/mcp-server@0.1.5'],
        env: { Z_AI_MODE: 'ZAI', Z_AI_API_KEY: KEY },
      },
      installSource: 'builtin',
    });
  });

  it("uses the Zhipu variant's environment when the key came from Zhipu", () => {
    const input = presetToServerInput(byId('zai-vision'), { apiKey: KEY, providerId: 'zhipu' });
    expect(input.config.env).toEqual({ Z_AI_MODE: 'ZHIPU', Z_AI_API_KEY: KEY });
    // The Z.AI provider has no variant: the preset's own values apply.
    expect(presetToServerInput(byId('zai-vision'), { apiKey: KEY, providerId: 'zai' }).config.env).toEqual({ Z_AI_MODE: 'ZAI', Z_AI_API_KEY: KEY });
  });

  it('sends an http preset its key as Authorization: Bearer', () => {
    expect(presetToServerInput(byId('github'), { apiKey: KEY })).toEqual({
      name: 'GitHub',
      type: 'http',
      config: { url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: `Bearer ${KEY}` } },
      installSource: 'builtin',
    });
  });

  it("uses the Zhipu variant's host for a hosted Z.AI server", () => {
    expect(presetToServerInput(byId('zai-zread'), { apiKey: KEY, providerId: 'zhipu' }).config).toEqual({
      url: 'https://open.bigmodel.cn/api/mcp/zread/mcp',
      headers: { Authorization: `Bearer ${KEY}` },
    });
  });

  it('honours a header the preset names, with or without a scheme', () => {
    const base = byId('exa');
    expect(presetToServerInput({ ...base, apiKeyHeader: { name: 'x-api-key', scheme: null } }, { apiKey: KEY }).config.headers).toEqual({
      'x-api-key': KEY,
    });
    expect(presetToServerInput({ ...base, apiKeyHeader: { name: 'Authorization', scheme: 'Token' } }, { apiKey: KEY }).config.headers).toEqual({
      Authorization: `Token ${KEY}`,
    });
  });

  it('leaves out the key where it is optional and not given', () => {
    expect(presetToServerInput(byId('exa')).config).toEqual({ url: 'https://mcp.exa.ai/mcp' });
    expect(presetToServerInput(byId('firecrawl'), { apiKey: '   ' }).config).toEqual({ command: 'npx', args: ['-y', 'firecrawl-mcp@3.26.0'] });
  });

  it('appends the folders a filesystem preset may see', () => {
    expect(presetToServerInput(byId('filesystem'), { directories: ['/home/me/project', ' '] }).config.args).toEqual([
      '-y',
      '@modelcontextprotocol/server-filesystem@2026.8.31',
      '/home/me/project',
    ]);
  });

  it.each([
    ['a required key is missing', 'tavily', {}, 'apiKey'],
    ['a required key is blank', 'zai-web-reader', { apiKey: '  ' }, 'apiKey'],
    ['a key is given to a preset that takes none', 'memory', { apiKey: KEY }, 'apiKey'],
    ['the provider is not linked', 'zai-vision', { apiKey: KEY, providerId: 'openai' }, 'providerId'],
    ['folders are given to a preset that takes none', 'memory', { directories: ['/tmp'] }, 'directories'],
  ])('refuses when %s', (_name, id, options, field) => {
    const error = caught(() => presetToServerInput(byId(id), options));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.data).toMatchObject({ presetId: id, issues: [{ path: field }] });
  });
});
