/**
 * Converts MCP tools into OpenAI (Chat Completions and Responses), Anthropic, Gemini (JSON
 * Schema) and Vertex AI (Gemini's OpenAPI subset) tool definitions. Pure, so the renderer can preview what a provider receives with the same code.
 *
 * Every converter works tool by tool: a tool whose id is unusable or whose schema cannot be
 * converted is dropped with a warning naming it, and never costs the rest of its server's tools.
 * Warnings are returned and, when a logger is given, logged.
 */
import type { MCPTool } from '@shared/contracts/mcp-types';
import { errorMessage } from '@shared/errors';
import { TOOL_FORMATS, type ToolFormat } from '@shared/toolFormats';
import { compileAnthropicSchema, type AnthropicInputSchema } from './schema/anthropic';
import { shortenDescription } from './schema/description';
import { compileGeminiSchema, GEMINI_MAX_DECLARATIONS, VERTEX_MAX_DECLARATIONS, type GeminiSchema } from './schema/gemini';
import { compileGeminiJsonSchema } from './schema/geminiJsonSchema';
import type { JsonSchema } from './schema/jsonSchema';
import { normalizeSchema } from './schema/normalize';
import { compileOpenAISchema, OPENAI_MAX_DESCRIPTION_LENGTH, OPENAI_MAX_TOOLS } from './schema/openai';
import { restoreArguments, type ArgumentPlan } from './schema/argumentPlan';
import { isSchemaLoss, repairCollector, type ReportRepair, type SchemaLoss, type SchemaRepair } from './schema/repairs';
import type { ObjectNode } from './schema/types';
import { PORTABLE_TOOL_NAME } from './toolIds';

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema; strict: boolean };
}

export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  /** Always explicit: the Responses API treats an omitted `strict` as `true`. */
  strict: boolean;
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: AnthropicInputSchema;
}

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** JSON Schema; left out for a tool without arguments, as Gemini asks. */
  parametersJsonSchema?: JsonSchema;
}

export type GeminiTools = Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;

export interface VertexFunctionDeclaration {
  name: string;
  description: string;
  /** The OpenAPI subset; left out for a tool without arguments. */
  parameters?: GeminiSchema;
}

export type VertexTools = Array<{ functionDeclarations: VertexFunctionDeclaration[] }>;

export interface ToolsFormats {
  openai: OpenAITool[];
  'openai-responses': OpenAIResponsesTool[];
  anthropic: AnthropicTool[];
  google: GeminiTools;
  vertex: VertexTools;
}

export type ConversionWarningCode = 'TOOL_DROPPED' | 'TOOL_LIMIT' | 'NOT_STRICT' | 'DESCRIPTION_SHORTENED' | 'LOSSY_SCHEMA';

export interface ConversionWarning {
  code: ConversionWarningCode;
  /** English, for logs and the CLI; a UI words `code` and `detail` itself. */
  message: string;
  toolId?: string;
  /**
   * The facts behind the message: TOOL_DROPPED `{ reason: 'INVALID_ID' | 'DUPLICATE_ID' | 'SCHEMA_FAILED', tool, server, error? }`,
   * TOOL_LIMIT `{ count, limit, provider }`, NOT_STRICT `{ reason: NotStrictReason, path }`, DESCRIPTION_SHORTENED `{ from, to }`,
   * LOSSY_SCHEMA `{ loss: SchemaLoss, path }`.
   */
  detail?: Record<string, string | number>;
}

export interface ToolsLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface ConvertOptions {
  logger?: ToolsLogger;
  /** Also say what was changed in each tool's schema (`ToolConversion.repairs`); for previews, off in chat. */
  repairs?: boolean;
}

/** One tool's schema repairs (see `schema/repairs.ts`), normaliser's and provider's together. */
export interface ToolSchemaRepairs {
  toolId: string;
  repairs: SchemaRepair[];
}

export interface OpenAIConvertOptions extends ConvertOptions {
  /** Defaults to the format's `strictByDefault` (toolFormats.ts), each API's own default. */
  strict?: boolean | undefined;
}

export interface ToolConversion<T> {
  tools: T;
  warnings: ConversionWarning[];
  /** Present when asked for (`ConvertOptions.repairs`): the converted tools that needed repairs, in order. */
  repairs?: ToolSchemaRepairs[];
  /**
   * The arguments to send to the MCP server for what the model sent to `toolId`. Undoes what
   * the conversion changed (strict mode's `null`s for omitted arguments, renamed properties);
   * identity otherwise.
   */
  toMcpArguments(toolId: string, args: Record<string, unknown>): Record<string, unknown>;
}

export function convertMcpToolsToOpenAI(tools: readonly MCPTool[], options: OpenAIConvertOptions = {}): ToolConversion<OpenAITool[]> {
  return convertOpenAI(tools, options.strict ?? TOOL_FORMATS.openai.strictByDefault, options, (fn) => ({ type: 'function', function: fn }));
}

export function convertMcpToolsToOpenAIResponses(
  tools: readonly MCPTool[],
  options: OpenAIConvertOptions = {},
): ToolConversion<OpenAIResponsesTool[]> {
  return convertOpenAI(tools, options.strict ?? TOOL_FORMATS['openai-responses'].strictByDefault, options, (fn) => ({ type: 'function', ...fn }));
}

export function convertMcpToolsToAnthropic(tools: readonly MCPTool[], options: ConvertOptions = {}): ToolConversion<AnthropicTool[]> {
  const run = new ConversionRun(options);
  const converted = run.each(tools, (tool, schema) => ({
    name: tool.id,
    description: tool.description,
    input_schema: compileAnthropicSchema(schema),
  }));
  return run.result(converted);
}

export function convertMcpToolsToGemini(tools: readonly MCPTool[], options: ConvertOptions = {}): ToolConversion<GeminiTools> {
  const run = new ConversionRun(options);
  const declarations = run.each(tools, (tool, schema, report): GeminiFunctionDeclaration => {
    const { parametersJsonSchema, argumentPlan } = compileGeminiJsonSchema(schema, report);
    run.plan(tool.id, argumentPlan);
    return parametersJsonSchema ? { name: tool.id, description: tool.description, parametersJsonSchema } : { name: tool.id, description: tool.description };
  });
  run.checkLimit(declarations.length, GEMINI_MAX_DECLARATIONS, 'Gemini');
  return run.result(declarations.length > 0 ? [{ functionDeclarations: declarations }] : []);
}

/** Gemini's OpenAPI subset: what it cannot express is narrowed, and each narrowing is a LOSSY_SCHEMA warning. */
export function convertMcpToolsToVertex(tools: readonly MCPTool[], options: ConvertOptions = {}): ToolConversion<VertexTools> {
  const run = new ConversionRun(options);
  const declarations = run.each(tools, (tool, schema, report): VertexFunctionDeclaration => {
    const { parameters, argumentPlan } = compileGeminiSchema(schema, run.lossReporter(tool, report));
    run.plan(tool.id, argumentPlan);
    return parameters ? { name: tool.id, description: tool.description, parameters } : { name: tool.id, description: tool.description };
  });
  run.checkLimit(declarations.length, VERTEX_MAX_DECLARATIONS, 'Vertex AI');
  return run.result(declarations.length > 0 ? [{ functionDeclarations: declarations }] : []);
}

/** What each loss means for the model, for the English message (the UI words `detail.loss` itself). */
const LOSS_MESSAGES: Record<SchemaLoss, string> = {
  ADDITIONAL_PROPERTIES_DROPPED: 'is a map of free-form keys, which the schema cannot declare: the model can send only its listed keys',
  ANY_TO_STRING: 'accepts any value, which the schema cannot declare: the model can send only a string',
  EMPTY_ENUM_VALUE_DROPPED: 'allows the empty string, which the schema cannot list: the model cannot send it',
};

interface OpenAIFunction {
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
}

/** Chat Completions and Responses differ only in the envelope around the same function. */
function convertOpenAI<T>(
  tools: readonly MCPTool[],
  strict: boolean,
  options: ConvertOptions,
  envelope: (fn: OpenAIFunction) => T,
): ToolConversion<T[]> {
  const run = new ConversionRun(options);
  const converted = run.each(tools, (tool, schema, report) => {
    const compiled = compileOpenAISchema(schema, report ? { strict, report } : { strict });
    if (compiled.notStrictReason) run.warn('NOT_STRICT', `Sent non-strict: ${compiled.notStrictReason}`, tool.id, compiled.notStrictDetail);
    run.plan(tool.id, compiled.argumentPlan);
    const description = shortenDescription(tool.description, OPENAI_MAX_DESCRIPTION_LENGTH);
    if (description !== tool.description) {
      run.warn('DESCRIPTION_SHORTENED', `Description shortened from ${tool.description.length} to ${description.length} characters`, tool.id, {
        from: tool.description.length,
        to: description.length,
      });
    }
    return envelope({ name: tool.id, description, parameters: compiled.parameters, strict: compiled.strict });
  });
  run.checkLimit(converted.length, OPENAI_MAX_TOOLS, 'OpenAI');
  return run.result(converted);
}

/** The per-tool loop, the warnings, the limit checks and the argument plans every converter shares. */
class ConversionRun {
  private readonly warnings: ConversionWarning[] = [];
  private readonly plans = new Map<string, ArgumentPlan>();
  private readonly logger: ToolsLogger | undefined;
  /** Only when asked for: collecting costs a path per schema node. */
  private readonly repairs: ToolSchemaRepairs[] | undefined;

  constructor(options: ConvertOptions) {
    this.logger = options.logger;
    this.repairs = options.repairs ? [] : undefined;
  }

  each<T>(tools: readonly MCPTool[], convert: (tool: MCPTool, schema: ObjectNode, report?: ReportRepair) => T): T[] {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const tool of tools) {
      const names = { tool: tool.name, server: tool.serverName };
      if (!PORTABLE_TOOL_NAME.test(tool.id)) {
        this.warn('TOOL_DROPPED', `Dropped "${tool.name}" from ${tool.serverName}: its id is not a valid tool name (build ids with toolIds)`, tool.id, {
          reason: 'INVALID_ID',
          ...names,
        });
        continue;
      }
      if (seen.has(tool.id)) {
        this.warn('TOOL_DROPPED', `Dropped "${tool.name}" from ${tool.serverName}: another tool already has this id`, tool.id, { reason: 'DUPLICATE_ID', ...names });
        continue;
      }
      try {
        if (this.repairs) {
          const { report, repairs } = repairCollector();
          out.push(convert(tool, normalizeSchema(tool.inputSchema, report), report));
          if (repairs.length > 0) this.repairs.push({ toolId: tool.id, repairs });
        } else {
          out.push(convert(tool, normalizeSchema(tool.inputSchema)));
        }
        seen.add(tool.id);
      } catch (error) {
        this.warn('TOOL_DROPPED', `Dropped "${tool.name}" from ${tool.serverName}: its schema could not be converted (${errorMessage(error)})`, tool.id, {
          reason: 'SCHEMA_FAILED',
          ...names,
          error: errorMessage(error),
        });
      }
    }
    return out;
  }

  checkLimit(count: number, limit: number, provider: string): void {
    if (count > limit) {
      this.warn('TOOL_LIMIT', `${count} tools exceed ${provider}'s limit of ${limit} per request; the request may be rejected`, undefined, { count, limit, provider });
    }
  }

  /**
   * A listener that turns each loss (SCHEMA_LOSSES) into one LOSSY_SCHEMA warning naming the tool
   * and the property, and passes every repair on to `report` (the preview's, when asked for).
   * Always on: a loss is worth a warning in chat too.
   */
  lossReporter(tool: MCPTool, report: ReportRepair | undefined): ReportRepair {
    const warned = new Set<string>();
    return (repair) => {
      report?.(repair);
      const key = `${repair.code} ${repair.path}`;
      if (!isSchemaLoss(repair.code) || warned.has(key)) return;
      warned.add(key);
      const where = repair.path === '' ? 'The root' : `"${repair.path}"`;
      this.warn('LOSSY_SCHEMA', `${where} of "${tool.name}" ${LOSS_MESSAGES[repair.code]}`, tool.id, { loss: repair.code, path: repair.path });
    };
  }

  warn(code: ConversionWarningCode, message: string, toolId?: string, detail?: ConversionWarning['detail']): void {
    this.warnings.push({ code, message, ...(toolId === undefined ? {} : { toolId }), ...(detail ? { detail } : {}) });
    this.logger?.warn(`[MCP tools] ${toolId ? `${toolId}: ` : ''}${message}`);
  }

  plan(toolId: string, plan: ArgumentPlan | undefined): void {
    if (plan) this.plans.set(toolId, plan);
  }

  result<T>(tools: T): ToolConversion<T> {
    const plans = this.plans;
    const toMcpArguments = (toolId: string, args: Record<string, unknown>) => restoreArguments(args, plans.get(toolId));
    return this.repairs ? { tools, warnings: this.warnings, repairs: this.repairs, toMcpArguments } : { tools, warnings: this.warnings, toMcpArguments };
  }
}

/** The converter `format` names; `strict` applies to the OpenAI formats only. */
export function convertMcpTools(format: ToolFormat, tools: MCPTool[], options: OpenAIConvertOptions = {}): ToolConversion<ToolsFormats[ToolFormat]> {
  switch (format) {
    case 'openai':
      return convertMcpToolsToOpenAI(tools, options);
    case 'openai-responses':
      return convertMcpToolsToOpenAIResponses(tools, options);
    case 'anthropic':
      return convertMcpToolsToAnthropic(tools, options);
    case 'google':
      return convertMcpToolsToGemini(tools, options);
    case 'vertex':
      return convertMcpToolsToVertex(tools, options);
  }
}
