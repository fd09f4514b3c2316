/**
 * What each provider would receive for a tool list, computed by the host's own converters
 * (`@mcp-common/toolConversion`): the preview never converts anything itself, it only runs them
 * with repairs on and arranges their answers per tool.
 */
import type { MCPTool } from '@shared/contracts/mcp-types';
import type { ToolFormat } from '@shared/toolFormats';
import {
  convertMcpToolsToAnthropic,
  convertMcpToolsToGemini,
  convertMcpToolsToOpenAI,
  convertMcpToolsToOpenAIResponses,
  convertMcpToolsToVertex,
  type ConversionWarning,
  type ToolConversion,
} from '@mcp-common/toolConversion';
import { TOOL_COUNT_LIMITS } from '@mcp-common/providerLimits';
import type { SchemaRepair } from '@mcp-common/schema/repairs';

export const PREVIEW_PROVIDERS = ['openai', 'openai-strict', 'openai-responses', 'anthropic', 'google', 'vertex'] as const;
export type PreviewProvider = (typeof PREVIEW_PROVIDERS)[number];

/** A documented limit of the provider's API: `label` names the API when one provider has two. */
export interface ProviderLimit {
  label: 'openai' | 'gemini' | 'vertex';
  limit: number;
}

/** The preview's providers by the wire format they are (strict is a variant of OpenAI Chat). */
const FORMAT_OF = {
  openai: 'openai',
  'openai-strict': 'openai',
  'openai-responses': 'openai-responses',
  anthropic: 'anthropic',
  google: 'google',
  vertex: 'vertex',
} as const satisfies Record<PreviewProvider, ToolFormat>;

const limitsOf = (provider: PreviewProvider): ProviderLimit[] =>
  TOOL_COUNT_LIMITS[FORMAT_OF[provider]].map(({ api, maxTools }) => ({ label: api, limit: maxTools }));

/** One tool as one provider gets it: what was sent (absent when dropped), and what was changed or warned. */
export interface PreviewTool {
  toolId: string;
  serverName: string;
  toolName: string;
  /** This tool's entry in what the provider receives; absent when the converter dropped it. */
  sent?: unknown;
  warnings: ConversionWarning[];
  repairs: SchemaRepair[];
}

export interface ProviderPreview {
  provider: PreviewProvider;
  /** Exactly what the converter returns: the value a request's `tools` would carry. */
  payload: unknown;
  /** Every input tool: those not sent first, then those changed, then the rest, each group in input order. */
  tools: PreviewTool[];
  /** Warnings about the whole list (TOOL_LIMIT). */
  listWarnings: ConversionWarning[];
  sentCount: number;
  /** ≈ tokens of `payload` as compact JSON (see `estimateTokens`). */
  tokens: number;
  limits: ProviderLimit[];
}

/**
 * ≈ tokens: characters ÷ 4, the rule of thumb OpenAI documents for English text. There is no
 * public tokenizer for Anthropic or Gemini, and JSON with short keys runs a little denser, so the
 * UI always shows it as an estimate.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(json: string): number {
  return Math.ceil(json.length / CHARS_PER_TOKEN);
}

export function payloadJson(payload: unknown): string {
  return JSON.stringify(payload, null, 2);
}

/** A provider's conversion, and its entries by the tool id they were sent under. */
type Convert = (tools: MCPTool[]) => { conversion: ToolConversion<unknown>; entries: Array<readonly [string, unknown]> };

const CONVERTERS: Record<PreviewProvider, Convert> = {
  openai: (tools) => {
    const conversion = convertMcpToolsToOpenAI(tools, { strict: false, repairs: true });
    return { conversion, entries: conversion.tools.map((tool) => [tool.function.name, tool] as const) };
  },
  'openai-strict': (tools) => {
    const conversion = convertMcpToolsToOpenAI(tools, { strict: true, repairs: true });
    return { conversion, entries: conversion.tools.map((tool) => [tool.function.name, tool] as const) };
  },
  'openai-responses': (tools) => {
    const conversion = convertMcpToolsToOpenAIResponses(tools, { repairs: true });
    return { conversion, entries: conversion.tools.map((tool) => [tool.name, tool] as const) };
  },
  anthropic: (tools) => {
    const conversion = convertMcpToolsToAnthropic(tools, { repairs: true });
    return { conversion, entries: conversion.tools.map((tool) => [tool.name, tool] as const) };
  },
  google: (tools) => {
    const conversion = convertMcpToolsToGemini(tools, { repairs: true });
    const declarations = conversion.tools.flatMap((group) => group.functionDeclarations);
    return { conversion, entries: declarations.map((declaration) => [declaration.name, declaration] as const) };
  },
  vertex: (tools) => {
    const conversion = convertMcpToolsToVertex(tools, { repairs: true });
    const declarations = conversion.tools.flatMap((group) => group.functionDeclarations);
    return { conversion, entries: declarations.map((declaration) => [declaration.name, declaration] as const) };
  },
};

function rank(tool: PreviewTool): number {
  if (tool.sent === undefined) return 0;
  return tool.warnings.length + tool.repairs.length > 0 ? 1 : 2;
}

export function previewProvider(provider: PreviewProvider, tools: MCPTool[]): ProviderPreview {
  const { conversion, entries } = CONVERTERS[provider](tools);
  const byId = new Map(entries);
  const repairs = new Map((conversion.repairs ?? []).map((entry) => [entry.toolId, entry.repairs]));
  const warningsOf = new Map<string, ConversionWarning[]>();
  const listWarnings: ConversionWarning[] = [];
  for (const warning of conversion.warnings) {
    if (warning.toolId === undefined) listWarnings.push(warning);
    else warningsOf.set(warning.toolId, [...(warningsOf.get(warning.toolId) ?? []), warning]);
  }
  // Each input tool once, in the input's order. Of two tools with one id the converter keeps the
  // first and drops the second, so only the first can be the entry sent under that id.
  const seen = new Set<string>();
  const previewTools = tools.map((tool): PreviewTool => {
    const sent = seen.has(tool.id) ? undefined : byId.get(tool.id);
    seen.add(tool.id);
    const dropped = sent === undefined;
    const warnings = (warningsOf.get(tool.id) ?? []).filter((warning) =>
      dropped ? warning.code === 'TOOL_DROPPED' && warning.detail?.tool === tool.name : warning.code !== 'TOOL_DROPPED',
    );
    const base = { toolId: tool.id, serverName: tool.serverName, toolName: tool.name, warnings, repairs: dropped ? [] : (repairs.get(tool.id) ?? []) };
    return dropped ? base : { ...base, sent };
  });
  return {
    provider,
    payload: conversion.tools,
    // What needs a look first: tools not sent, then tools changed; the input's order otherwise.
    tools: previewTools.map((tool, index) => ({ tool, index })).sort((a, b) => rank(a.tool) - rank(b.tool) || a.index - b.index).map(({ tool }) => tool),
    listWarnings,
    sentCount: byId.size,
    tokens: estimateTokens(JSON.stringify(conversion.tools)),
    limits: limitsOf(provider),
  };
}
