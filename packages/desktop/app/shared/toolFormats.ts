/**
 * The wire formats MCP tools are converted to and tool calls are read back from. Everything that
 * differs by format — ToolsLoader's converters, CompletionService's request bodies, the tool
 * loop's codecs, the CLI's `--format` — is keyed by `ToolFormat`, so a format added here does not
 * compile until each of them handles it.
 *
 * A format is not an LLM provider: DeepSeek, Z.AI or OpenRouter speak `openai`. A provider's
 * settings name the format it speaks.
 */

export interface ToolFormatInfo {
  /** Which API this is, for logs and terminal output. */
  readonly label: string;
  /** The name people know it by; the CLI shows it in place of the id and accepts both. */
  readonly alias?: string;
  /**
   * The format can ask the API to hold the model to the schema (OpenAI's `strict`), and whether it
   * does when not told: each follows its API's own default (Chat Completions off, Responses on,
   * which treats an omitted `strict` as true). Absent: the format has no strict mode.
   */
  readonly strictByDefault?: boolean;
}

export const TOOL_FORMATS = {
  openai: { label: 'OpenAI Chat Completions', strictByDefault: false },
  'openai-responses': { label: 'OpenAI Responses', strictByDefault: true },
  anthropic: { label: 'Anthropic Messages' },
  /** The Gemini API: `parametersJsonSchema` (JSON Schema: open maps, any-valued properties). */
  google: { label: 'Gemini', alias: 'gemini' },
  /** Gemini's OpenAPI `parameters` subset, for Vertex AI and gateways that take only that; lossy where it must be, with warnings. */
  vertex: { label: 'Gemini on Vertex AI (OpenAPI subset)' },
} as const satisfies Record<string, ToolFormatInfo>;

export type ToolFormat = keyof typeof TOOL_FORMATS;

const entries = Object.entries(TOOL_FORMATS) as Array<[ToolFormat, ToolFormatInfo]>;

/** Every format, in table order. */
export const TOOL_FORMAT_IDS: readonly ToolFormat[] = entries.map(([id]) => id);

/** What to call a format where people read it: its alias, else its id. */
export const toolFormatName = (format: ToolFormat): string => (TOOL_FORMATS[format] as ToolFormatInfo).alias ?? format;

/** Every format by the name people read, in table order. */
export const TOOL_FORMAT_NAMES: readonly string[] = TOOL_FORMAT_IDS.map(toolFormatName);

/** The formats that have a strict mode, in table order. */
export const STRICT_FORMATS: readonly ToolFormat[] = TOOL_FORMAT_IDS.filter((id) => (TOOL_FORMATS[id] as ToolFormatInfo).strictByDefault !== undefined);

/** The format a name means (an id or an alias, as typed), or undefined. */
export function parseToolFormat(name: string): ToolFormat | undefined {
  return entries.find(([id, info]) => id === name || info.alias === name)?.[0];
}
