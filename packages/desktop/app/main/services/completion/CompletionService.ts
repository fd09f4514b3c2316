/**
 * CompletionService's request builder (the chat integration point): before each chat request,
 * load the MCP tools with `setupMcpTools` in the request's format and put them in
 * `requestPayload.tools`. It builds payloads only; sending them is the caller's business.
 *
 * Besides the payload it returns what the tool loop needs to run the calls the model makes:
 * the tools as sent (`mcpTools`, ids equal to the names the model will call), `toMcpArguments`
 * (undoes strict-mode nulls and Gemini renames before the MCP call) and the id registry.
 */
import type { MCPTool } from '../../../shared/contracts/mcp-types';
import type { ToolFormat } from '../../../shared/toolFormats';
import type { ConversionWarning, ToolsFormats, ToolsLogger } from '../capabilities/tools/mcp-users/common/toolConversion';
import { setupMcpTools, type McpToolSource, type McpToolsConfig } from '../capabilities/tools/mcp-users/ToolsLoader';
import type { ToolIdRegistry } from '../capabilities/tools/mcp-users/common/toolIds';
import type { ArgumentMapper } from '../agent-core/engine/tinyelf/tools/McpToolAdapter';

export interface BuildRequestInput<F extends ToolFormat> {
  format: F;
  model: string;
  /** The conversation in the format's own messages; passed through untouched. */
  messages: unknown[];
  mcp?: McpToolsConfig | undefined;
  /** Tools of an agent session's own servers, under their own names (ToolsLoader's `directTools`). */
  directTools?: readonly MCPTool[] | undefined;
  /** The system prompt (an agent preset's instructions), where each format takes one. */
  system?: string | undefined;
  /** Anthropic requires it; default 4096. */
  maxTokens?: number;
}

/**
 * The request body per format. Gemini names the model in the URL
 * (`models/{model}:generateContent`), not in the body, so its body has none.
 */
export interface RequestPayloads {
  openai: { model: string; messages: unknown[]; tools?: ToolsFormats['openai'] };
  'openai-responses': { model: string; input: unknown[]; instructions?: string; tools?: ToolsFormats['openai-responses'] };
  anthropic: { model: string; max_tokens: number; system?: string; messages: unknown[]; tools?: ToolsFormats['anthropic'] };
  google: { systemInstruction?: { parts: { text: string }[] }; contents: unknown[]; tools?: ToolsFormats['google'] };
  vertex: { systemInstruction?: { parts: { text: string }[] }; contents: unknown[]; tools?: ToolsFormats['vertex'] };
}

export interface McpRequestTools {
  mcpTools: MCPTool[];
  toMcpArguments: ArgumentMapper;
  toolIds: ToolIdRegistry;
  warnings: ConversionWarning[];
}

export interface BuiltRequest<F extends ToolFormat> {
  format: F;
  model: string;
  requestPayload: RequestPayloads[F];
  /** Absent when MCP is off or no tool is available (and then `requestPayload.tools` is too). */
  mcp?: McpRequestTools;
}

export interface CompletionServiceOptions {
  logger?: ToolsLogger;
  /** OpenAI strict mode; defaults as ToolsLoader's (off for Chat, on for Responses). */
  strict?: boolean;
}

const DEFAULT_MAX_TOKENS = 4096;

export class CompletionService {
  constructor(
    private readonly mcpService: McpToolSource,
    private readonly options: CompletionServiceOptions = {},
  ) {}

  async buildRequest<F extends ToolFormat>(input: BuildRequestInput<F>): Promise<BuiltRequest<F>> {
    const { format, model } = input;
    const requestPayload = basePayload(input);
    const setup = await setupMcpTools(this.mcpService, input.mcp, format, { ...this.options, ...(input.directTools ? { directTools: input.directTools } : {}) });
    // An empty `tools` array is rejected by some APIs; no tools means no field.
    if (!setup || setup.tools.length === 0) return { format, model, requestPayload };
    requestPayload.tools = setup.tools;
    const { mcpTools, toMcpArguments, toolIds, warnings } = setup;
    return { format, model, requestPayload, mcp: { mcpTools, toMcpArguments, toolIds, warnings } };
  }
}

function basePayload<F extends ToolFormat>(input: BuildRequestInput<F>): RequestPayloads[F] {
  const { model, messages } = input;
  // Each API's own place for it; in Chat Completions it is the first message, never stored in the history.
  const system = input.system?.trim() ? input.system : undefined;
  const payloads: { [K in ToolFormat]: () => RequestPayloads[K] } = {
    openai: () => ({ model, messages: system ? [{ role: 'system', content: system }, ...messages] : messages }),
    'openai-responses': () => ({ model, input: messages, ...(system ? { instructions: system } : {}) }),
    anthropic: () => ({ model, max_tokens: input.maxTokens ?? DEFAULT_MAX_TOKENS, ...(system ? { system } : {}), messages }),
    google: () => ({ ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}), contents: messages }),
    vertex: () => ({ ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}), contents: messages }),
  };
  return payloads[input.format]();
}
