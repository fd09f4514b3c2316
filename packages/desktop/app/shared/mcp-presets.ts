/**
 * Official one-click MCP presets (seed 002, "공식 프리셋에 추가하기") and the pure function that
 * turns one into the input `mcp.add` accepts.
 *
 * Every stdio preset runs `npx -y <package>@<exact version>`: a range or `@latest` would let a
 * publish we never saw (or an unpublished name) break one-click install, which is how other
 * hosts' presets have failed. `mcp-presets.registry.test.ts` asks the npm registry that each
 * pinned version exists; `mcp-presets.test.ts` validates every preset against the schema below.
 *
 * `tools` is what the server registered when we listed it (stdio: `tools/list` against the pinned
 * version with default options; http: the vendor's documentation). It is informative only: what a
 * server actually offers is whatever it lists when Elftia connects.
 *
 * `description` is an i18n key in `settings/tools` (`presets.<id>.description`), so the text has
 * one source: `locales/en` and its zh/ja translations.
 */
import { z } from 'zod';
import { AppError } from './errors';
import { McpServerTransportSchema, type McpServerInput } from './contracts/mcp-types';

export const PRESET_CATEGORIES = ['search', 'vision', 'web-reading', 'code-repo', 'general'] as const;
export const OfficialMcpPresetCategorySchema = z.enum(PRESET_CATEGORIES);
export type OfficialMcpPresetCategory = z.infer<typeof OfficialMcpPresetCategorySchema>;

/** A preset runs a local process or reaches a hosted Streamable HTTP endpoint: a subset of the contract's transports. */
export const OfficialMcpPresetTransportSchema = McpServerTransportSchema.extract(['stdio', 'http']);
export type OfficialMcpPresetTransport = z.infer<typeof OfficialMcpPresetTransportSchema>;

/** How an http preset sends its API key: `<name>: <scheme> <key>`, or the bare key when `scheme` is null. */
export const PresetApiKeyHeaderSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9-]+$/, 'a header name'),
  scheme: z.string().regex(/^[A-Za-z]+$/).nullable(),
});
export type PresetApiKeyHeader = z.infer<typeof PresetApiKeyHeaderSchema>;

/** The default when an http preset does not say otherwise. */
export const DEFAULT_API_KEY_HEADER: PresetApiKeyHeader = { name: 'Authorization', scheme: 'Bearer' };

const KebabIdSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id');
const EnvNameSchema = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name');
const EnvMapSchema = z.record(EnvNameSchema, z.string());
const HttpsUrlSchema = z.url({ protocol: /^https$/ });

/**
 * An exact, released npm version: `name@1.2.3`. No range, tag or prerelease, so what a person
 * installs is what we listed and checked.
 */
const PINNED_PACKAGE = /^((?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*)@(\d+\.\d+\.\d+)$/;

/** Per linked provider: the same service on that provider's host, or with that provider's env (Zhipu's mainland endpoints). */
export const PresetProviderVariantSchema = z
  .object({ url: HttpsUrlSchema.optional(), extraEnv: EnvMapSchema.optional() })
  .strict();

export const OfficialMcpPresetSchema = z
  .object({
    id: KebabIdSchema,
    name: z.string().trim().min(1),
    /** Who runs the server (a vendor id, not an LLM provider id). */
    provider: KebabIdSchema,
    category: OfficialMcpPresetCategorySchema,
    /** i18n key in the `settings/tools` namespace; always `presets.<id>.description`. */
    description: z.string(),
    tools: z.array(z.string().min(1)).min(1),
    /** Optional as in the seed's table; absent means stdio (see presetTransport). */
    transportType: OfficialMcpPresetTransportSchema.optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    url: HttpsUrlSchema.optional(),
    /** http only; absent means `Authorization: Bearer <key>` (see presetApiKeyHeader). */
    apiKeyHeader: PresetApiKeyHeaderSchema.optional(),
    /** True when the server cannot do its job without a key; false also covers an optional key (rate limits). */
    requiresApiKey: z.boolean(),
    /** stdio only: where the key goes. */
    apiKeyEnvVar: EnvNameSchema.optional(),
    /** LLM provider ids whose saved key this preset may reuse. */
    linkedProviderIds: z.array(KebabIdSchema).optional(),
    providerVariants: z.record(KebabIdSchema, PresetProviderVariantSchema).optional(),
    /** Fixed environment for stdio presets. */
    extraEnv: EnvMapSchema.optional(),
    /**
     * The server takes folders as trailing arguments (the filesystem server's allowed
     * directories); the install flow may ask for them. A local-scope server also gets its
     * project folder as an MCP root.
     */
    acceptsDirectories: z.boolean().optional(),
    documentationUrl: HttpsUrlSchema.optional(),
    /** Key of an SVG in resources/presets/ (`<icon>.svg`). */
    icon: KebabIdSchema,
  })
  .strict()
  .superRefine((preset, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (preset.description !== presetDescriptionKey(preset.id)) {
      issue('description', `must be the i18n key "${presetDescriptionKey(preset.id)}"`);
    }
    if (new Set(preset.tools).size !== preset.tools.length) issue('tools', 'lists a tool twice');
    const linked = new Set(preset.linkedProviderIds ?? []);
    for (const providerId of Object.keys(preset.providerVariants ?? {})) {
      if (!linked.has(providerId)) issue('providerVariants', `"${providerId}" is not in linkedProviderIds`);
    }
    const variants = Object.values(preset.providerVariants ?? {});

    if ((preset.transportType ?? 'stdio') === 'stdio') {
      if (!preset.command) issue('command', 'a stdio preset needs a command');
      if (!preset.args) issue('args', 'a stdio preset needs args');
      if (preset.url) issue('url', 'only http presets have a url');
      if (preset.apiKeyHeader) issue('apiKeyHeader', 'a stdio preset passes its key in apiKeyEnvVar');
      if (preset.requiresApiKey && !preset.apiKeyEnvVar) issue('apiKeyEnvVar', 'a stdio preset that requires a key must say where it goes');
      if (preset.apiKeyEnvVar && preset.extraEnv && preset.apiKeyEnvVar in preset.extraEnv) {
        issue('extraEnv', 'must not set the API key variable');
      }
      if (variants.some((v) => v.url)) issue('providerVariants', 'a stdio preset has no url to vary');
      if (preset.command === 'npx' && !pinnedPackageOf(preset)) {
        issue('args', 'npx presets run `-y <package>@<exact version>` (no range, tag or prerelease)');
      }
    } else {
      if (!preset.url) issue('url', 'an http preset needs a url');
      for (const key of ['command', 'args', 'apiKeyEnvVar', 'extraEnv', 'acceptsDirectories'] as const) {
        if (preset[key] !== undefined) issue(key, 'only stdio presets have this field');
      }
      if (variants.some((v) => v.extraEnv)) issue('providerVariants', 'an http preset has no environment to vary');
    }
  });
export type OfficialMcpPreset = z.infer<typeof OfficialMcpPresetSchema>;

export const presetDescriptionKey = (id: string) => `presets.${id}.description`;

export const presetTransport = (preset: Pick<OfficialMcpPreset, 'transportType'>): OfficialMcpPresetTransport =>
  preset.transportType ?? 'stdio';

export const presetApiKeyHeader = (preset: Pick<OfficialMcpPreset, 'apiKeyHeader'>): PresetApiKeyHeader =>
  preset.apiKeyHeader ?? DEFAULT_API_KEY_HEADER;

/** The npm package and exact version an `npx -y pkg@x.y.z` preset runs, or undefined for anything else. */
export function pinnedPackageOf(preset: Pick<OfficialMcpPreset, 'command' | 'args'>): { name: string; version: string } | undefined {
  if (preset.command !== 'npx' || !preset.args) return undefined;
  const spec = preset.args.find((arg) => !arg.startsWith('-'));
  const match = spec ? PINNED_PACKAGE.exec(spec) : null;
  if (!match || !preset.args.includes('-y')) return undefined;
  return { name: match[1]!, version: match[2]! };
}

/* ---------- The presets ---------- */

const ZAI_LINKED = ['zai', 'zhipu'];

export const OFFICIAL_MCP_PRESETS: OfficialMcpPreset[] = [
  // Z.AI Vision MCP. Docs: https://docs.z.ai/devpack/mcp/vision-mcp-server and the package README
  // (@z_ai/mcp-server@0.1.5): env Z_AI_API_KEY, Z_AI_MODE = ZAI (api.z.ai) | ZHIPU (open.bigmodel.cn,
  // the package's default). Tools: tools/list of 0.1.5.
  {
    id: 'zai-vision',
    name: 'Z.AI Vision',
    provider: 'z-ai',
    category: 'vision',
    description: presetDescriptionKey('zai-vision'),
    tools: [
      'ui_to_artifact',
      'extract_text_from_screenshot',
      'diagnose_error_screenshot',
      'understand_technical_diagram',
      'analyze_data_visualization',
      'ui_diff_check',
      'analyze_image',
      'analyze_video',
    ],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@z_ai/mcp-server@0.1.5'],
    requiresApiKey: true,
    apiKeyEnvVar: 'Z_AI_API_KEY',
    extraEnv: { Z_AI_MODE: 'ZAI' },
    linkedProviderIds: ZAI_LINKED,
    providerVariants: { zhipu: { extraEnv: { Z_AI_MODE: 'ZHIPU' } } },
    documentationUrl: 'https://docs.z.ai/devpack/mcp/vision-mcp-server',
    icon: 'zai',
  },
  // Z.AI Web Search (hosted, GLM Coding Plan). Docs: https://docs.z.ai/devpack/mcp/search-mcp-server
  // (tool webSearchPrime); https://docs.bigmodel.cn/cn/coding-plan/search-mcp-server shows the
  // open.bigmodel.cn URL with `Authorization: Bearer <key>`. The api.z.ai URL is the same path on
  // Z.AI's host, as Z.AI's clients configure it (not quoted verbatim from the docs page we could read).
  {
    id: 'zai-web-search',
    name: 'Z.AI Web Search',
    provider: 'z-ai',
    category: 'search',
    description: presetDescriptionKey('zai-web-search'),
    tools: ['webSearchPrime'],
    transportType: 'http',
    url: 'https://api.z.ai/api/mcp/web_search_prime/mcp',
    requiresApiKey: true,
    linkedProviderIds: ZAI_LINKED,
    providerVariants: { zhipu: { url: 'https://open.bigmodel.cn/api/mcp/web_search_prime/mcp' } },
    documentationUrl: 'https://docs.z.ai/devpack/mcp/search-mcp-server',
    icon: 'zai',
  },
  // Z.AI Web Reader (hosted, GLM Coding Plan). Docs: https://docs.z.ai/devpack/mcp/reader-mcp-server
  // (tool webReader, remote HTTP). URL and Bearer header follow the search server's documented pattern.
  {
    id: 'zai-web-reader',
    name: 'Z.AI Web Reader',
    provider: 'z-ai',
    category: 'web-reading',
    description: presetDescriptionKey('zai-web-reader'),
    tools: ['webReader'],
    transportType: 'http',
    url: 'https://api.z.ai/api/mcp/web_reader/mcp',
    requiresApiKey: true,
    linkedProviderIds: ZAI_LINKED,
    providerVariants: { zhipu: { url: 'https://open.bigmodel.cn/api/mcp/web_reader/mcp' } },
    documentationUrl: 'https://docs.z.ai/devpack/mcp/reader-mcp-server',
    icon: 'zai',
  },
  // Zread (hosted, GLM Coding Plan; GitHub repositories via zread.ai). Docs:
  // https://docs.bigmodel.cn/cn/coding-plan/mcp/zread-mcp-server (tools search_doc,
  // get_repo_structure, read_file; Authorization header); Z.AI's page is docs.z.ai/devpack/mcp/zread-mcp-server.
  {
    id: 'zai-zread',
    name: 'Zread',
    provider: 'z-ai',
    category: 'code-repo',
    description: presetDescriptionKey('zai-zread'),
    tools: ['search_doc', 'get_repo_structure', 'read_file'],
    transportType: 'http',
    url: 'https://api.z.ai/api/mcp/zread/mcp',
    requiresApiKey: true,
    linkedProviderIds: ZAI_LINKED,
    providerVariants: { zhipu: { url: 'https://open.bigmodel.cn/api/mcp/zread/mcp' } },
    documentationUrl: 'https://docs.z.ai/devpack/mcp/zread-mcp-server',
    icon: 'zai',
  },
  // Filesystem (modelcontextprotocol/servers, src/filesystem README): allowed directories as
  // trailing args, or MCP roots from the client. Tools: tools/list of 2026.8.31.
  {
    id: 'filesystem',
    name: 'Filesystem',
    provider: 'modelcontextprotocol',
    category: 'general',
    description: presetDescriptionKey('filesystem'),
    tools: [
      'read_file',
      'read_text_file',
      'read_media_file',
      'read_multiple_files',
      'write_file',
      'edit_file',
      'create_directory',
      'list_directory',
      'list_directory_with_sizes',
      'directory_tree',
      'move_file',
      'search_files',
      'get_file_info',
      'list_allowed_directories',
    ],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-filesystem@2026.8.31'],
    requiresApiKey: false,
    acceptsDirectories: true,
    documentationUrl: 'https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem',
    icon: 'filesystem',
  },
  // Memory (knowledge graph; src/memory README; optional MEMORY_FILE_PATH). Tools: tools/list of 2026.8.31.
  {
    id: 'memory',
    name: 'Memory',
    provider: 'modelcontextprotocol',
    category: 'general',
    description: presetDescriptionKey('memory'),
    tools: [
      'create_entities',
      'create_relations',
      'add_observations',
      'delete_entities',
      'delete_observations',
      'delete_relations',
      'read_graph',
      'search_nodes',
      'open_nodes',
    ],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
    requiresApiKey: false,
    documentationUrl: 'https://github.com/modelcontextprotocol/servers/tree/main/src/memory',
    icon: 'memory',
  },
  // Sequential Thinking (src/sequentialthinking README). Tools: tools/list of 2026.8.31.
  {
    id: 'sequential-thinking',
    name: 'Sequential Thinking',
    provider: 'modelcontextprotocol',
    category: 'general',
    description: presetDescriptionKey('sequential-thinking'),
    tools: ['sequentialthinking'],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-sequential-thinking@2026.8.31'],
    requiresApiKey: false,
    documentationUrl: 'https://github.com/modelcontextprotocol/servers/tree/main/src/sequentialthinking',
    icon: 'sequential-thinking',
  },
  // Context7 (upstash/context7 README, package 4.1.1): works without a key; CONTEXT7_API_KEY (or
  // --api-key) raises rate limits. Tools: tools/list of 4.1.1.
  {
    id: 'context7',
    name: 'Context7',
    provider: 'upstash',
    category: 'code-repo',
    description: presetDescriptionKey('context7'),
    tools: ['resolve-library-id', 'query-docs'],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@upstash/context7-mcp@4.1.1'],
    requiresApiKey: false,
    apiKeyEnvVar: 'CONTEXT7_API_KEY',
    documentationUrl: 'https://github.com/upstash/context7',
    icon: 'context7',
  },
  // Playwright (microsoft/playwright-mcp README, 0.0.83). Tools: tools/list of 0.0.83 with the
  // default capabilities (vision, pdf, devtools … are opt-in via --caps). Needs a browser
  // Playwright can drive (it uses an installed Chrome by default).
  {
    id: 'playwright',
    name: 'Playwright',
    provider: 'microsoft',
    category: 'web-reading',
    description: presetDescriptionKey('playwright'),
    tools: [
      'browser_close',
      'browser_resize',
      'browser_console_messages',
      'browser_handle_dialog',
      'browser_emulate_media',
      'browser_evaluate',
      'browser_file_upload',
      'browser_drop',
      'browser_find',
      'browser_fill_form',
      'browser_press_key',
      'browser_type',
      'browser_navigate',
      'browser_navigate_back',
      'browser_network_requests',
      'browser_network_request',
      'browser_run_code_unsafe',
      'browser_take_screenshot',
      'browser_snapshot',
      'browser_click',
      'browser_drag',
      'browser_hover',
      'browser_select_option',
      'browser_tabs',
      'browser_wait_for',
    ],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@playwright/mcp@0.0.83'],
    requiresApiKey: false,
    documentationUrl: 'https://github.com/microsoft/playwright-mcp',
    icon: 'playwright',
  },
  // GitHub, hosted. The npm server (@modelcontextprotocol/server-github, last 2025.4.8) was archived
  // when GitHub took the server over; GitHub now ships it as this hosted endpoint or a Go/Docker
  // binary, neither of which npx can run. Docs: github/github-mcp-server README and
  // docs/remote-server.md: URL https://api.githubcopilot.com/mcp/, `Authorization: Bearer <PAT>`.
  // Tools: the default toolsets (context, repos, issues, pull_requests, users, copilot) in
  // pkg/github/tools.go at commit 64a49f3 (2026-08-20); the hosted server may add remote-only tools.
  {
    id: 'github',
    name: 'GitHub',
    provider: 'github',
    category: 'code-repo',
    description: presetDescriptionKey('github'),
    tools: [
      'get_me',
      'get_team_members',
      'get_teams',
      'create_branch',
      'create_or_update_file',
      'create_repository',
      'delete_file',
      'delete_repository',
      'fork_repository',
      'get_commit',
      'get_file_contents',
      'get_latest_release',
      'get_release_by_tag',
      'get_tag',
      'list_branches',
      'list_commits',
      'list_releases',
      'list_repository_collaborators',
      'list_tags',
      'push_files',
      'search_code',
      'search_commits',
      'search_repositories',
      'add_issue_comment',
      'get_label',
      'issue_read',
      'issue_write',
      'list_issue_fields',
      'list_issue_types',
      'list_issues',
      'search_issues',
      'sub_issue_write',
      'add_comment_to_pending_review',
      'add_reply_to_pull_request_comment',
      'create_pull_request',
      'list_pull_requests',
      'merge_pull_request',
      'pull_request_read',
      'pull_request_review_write',
      'search_pull_requests',
      'update_pull_request',
      'update_pull_request_branch',
      'search_users',
      'assign_copilot_to_issue',
      'request_copilot_review',
    ],
    transportType: 'http',
    url: 'https://api.githubcopilot.com/mcp/',
    requiresApiKey: true,
    documentationUrl: 'https://github.com/github/github-mcp-server/blob/main/docs/remote-server.md',
    icon: 'github',
  },
  // Brave Search (brave/brave-search-mcp-server README, 2.1.4; replaces the archived
  // @modelcontextprotocol/server-brave-search): env BRAVE_API_KEY, required at startup. Tools: tools/list of 2.1.4.
  {
    id: 'brave-search',
    name: 'Brave Search',
    provider: 'brave',
    category: 'search',
    description: presetDescriptionKey('brave-search'),
    tools: [
      'brave_web_search',
      'brave_local_search',
      'brave_video_search',
      'brave_image_search',
      'brave_news_search',
      'brave_summarizer',
      'brave_llm_context',
      'brave_place_search',
    ],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', '@brave/brave-search-mcp-server@2.1.4'],
    requiresApiKey: true,
    apiKeyEnvVar: 'BRAVE_API_KEY',
    documentationUrl: 'https://github.com/brave/brave-search-mcp-server',
    icon: 'brave',
  },
  // Tavily (tavily-ai/tavily-mcp README, 0.2.22): env TAVILY_API_KEY. The hosted alternative takes
  // the key in the URL query (?tavilyApiKey=), which we avoid. Tools: tools/list of 0.2.22.
  {
    id: 'tavily',
    name: 'Tavily',
    provider: 'tavily',
    category: 'search',
    description: presetDescriptionKey('tavily'),
    tools: ['tavily_search', 'tavily_extract', 'tavily_crawl', 'tavily_map', 'tavily_research'],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', 'tavily-mcp@0.2.22'],
    requiresApiKey: true,
    apiKeyEnvVar: 'TAVILY_API_KEY',
    documentationUrl: 'https://github.com/tavily-ai/tavily-mcp',
    icon: 'tavily',
  },
  // Exa, hosted. The README of exa-mcp-server@3.4.1 documents only https://mcp.exa.ai/mcp: it works
  // anonymously with rate limits, and takes a key as `Authorization: Bearer` (or x-api-key).
  // Default tools per that README: web_search_exa, web_fetch_exa (the stdio build lists the same).
  {
    id: 'exa',
    name: 'Exa',
    provider: 'exa',
    category: 'search',
    description: presetDescriptionKey('exa'),
    tools: ['web_search_exa', 'web_fetch_exa'],
    transportType: 'http',
    url: 'https://mcp.exa.ai/mcp',
    requiresApiKey: false,
    documentationUrl: 'https://github.com/exa-labs/exa-mcp-server',
    icon: 'exa',
  },
  // Firecrawl (firecrawl/firecrawl-mcp-server README, 3.26.0, "Running with npx"): env
  // FIRECRAWL_API_KEY. Without it the server runs keyless (scrape and search only, rate-limited).
  // Tools: tools/list of 3.26.0 with a key set. Its package.json asks for Node >= 22.
  {
    id: 'firecrawl',
    name: 'Firecrawl',
    provider: 'firecrawl',
    category: 'web-reading',
    description: presetDescriptionKey('firecrawl'),
    tools: [
      'firecrawl_scrape',
      'firecrawl_map',
      'firecrawl_search',
      'firecrawl_find_tools',
      'firecrawl_search_feedback',
      'firecrawl_feedback',
      'firecrawl_crawl',
      'firecrawl_check_crawl_status',
      'firecrawl_extract',
      'firecrawl_agent',
      'firecrawl_agent_status',
      'firecrawl_interact',
      'firecrawl_interact_stop',
      'firecrawl_parse',
      'firecrawl_monitor_create',
      'firecrawl_monitor_list',
      'firecrawl_monitor_get',
      'firecrawl_monitor_update',
      'firecrawl_monitor_delete',
      'firecrawl_monitor_run',
      'firecrawl_monitor_checks',
      'firecrawl_monitor_check',
      'firecrawl_research_search_papers',
      'firecrawl_research_inspect_paper',
      'firecrawl_research_related_papers',
      'firecrawl_research_read_paper',
      'firecrawl_research_search_github',
      'firecrawl_developer_search',
      'firecrawl_credit_usage',
    ],
    transportType: 'stdio',
    command: 'npx',
    args: ['-y', 'firecrawl-mcp@3.26.0'],
    requiresApiKey: false,
    apiKeyEnvVar: 'FIRECRAWL_API_KEY',
    documentationUrl: 'https://github.com/firecrawl/firecrawl-mcp-server',
    icon: 'firecrawl',
  },
];

/* ---------- One-click install ---------- */

export interface PresetInstallOptions {
  /** The key the person typed or one taken from a linked provider; blank counts as none. */
  apiKey?: string | undefined;
  /** The linked provider the key came from; selects that provider's variant (host or env). */
  providerId?: string | undefined;
  /** Folders for a preset that accepts them, appended to its args. */
  directories?: string[] | undefined;
}

/**
 * The `mcp.add` input for a preset. Pure: the caller decides where the key comes from.
 * Throws VALIDATION_FAILED (with the field) when the options do not fit the preset, so the
 * install dialog can point at what is missing.
 */
export function presetToServerInput(preset: OfficialMcpPreset, options: PresetInstallOptions = {}): McpServerInput {
  const invalid = (field: string, message: string) =>
    new AppError('VALIDATION_FAILED', `${preset.name}: ${message}`, { presetId: preset.id, issues: [{ path: field, message }] });

  const apiKey = options.apiKey?.trim() || undefined;
  if (preset.requiresApiKey && !apiKey) throw invalid('apiKey', 'this preset needs an API key');
  // A stdio preset without apiKeyEnvVar has nowhere to put a key; dropping it silently would hide a caller's mistake.
  if (apiKey && presetTransport(preset) === 'stdio' && !preset.apiKeyEnvVar) throw invalid('apiKey', 'this preset takes no API key');
  if (options.providerId !== undefined && !(preset.linkedProviderIds ?? []).includes(options.providerId)) {
    throw invalid('providerId', `provider "${options.providerId}" is not linked to this preset`);
  }
  const variant = options.providerId ? preset.providerVariants?.[options.providerId] : undefined;
  const directories = options.directories?.map((d) => d.trim()).filter(Boolean) ?? [];
  if (directories.length > 0 && !preset.acceptsDirectories) throw invalid('directories', 'this preset takes no directories');

  if (presetTransport(preset) === 'http') {
    const header = presetApiKeyHeader(preset);
    return {
      name: preset.name,
      type: 'http',
      config: {
        url: variant?.url ?? preset.url,
        ...(apiKey ? { headers: { [header.name]: header.scheme ? `${header.scheme} ${apiKey}` : apiKey } } : {}),
      },
      installSource: 'builtin',
    };
  }

  const env: Record<string, string> = { ...preset.extraEnv, ...variant?.extraEnv };
  if (apiKey && preset.apiKeyEnvVar) env[preset.apiKeyEnvVar] = apiKey;
  return {
    name: preset.name,
    type: 'stdio',
    config: {
      command: preset.command,
      args: [...(preset.args ?? []), ...directories],
      ...(Object.keys(env).length > 0 ? { env } : {}),
    },
    installSource: 'builtin',
  };
}
