/**
 * HTTP to the person's model providers, with Node's fetch: one generation (streamed or not) in
 * the provider's wire format, and the provider's model list. Keys and base URLs come from the
 * ProviderStore at each request, so a key saved meanwhile is used by the next request.
 */
import { llmProvider, type LlmProviderId } from '@shared/contracts/providers';
import { AppError, toErrorShape, type AppErrorShape } from '@shared/errors';
import type { ToolFormat } from '@shared/toolFormats';
import type { RequestPayloads } from '../../completion/CompletionService';
import type { ProviderStore } from '../../providers/ProviderStore';
import { badResponse, httpError, streamedError, unreachable, type ProviderContext } from './providerErrors';
import { readSse } from './sse';
import { WIRE_APIS, type WireApi } from './wire';
import { ProviderReportedError } from './wire/reported';
import type { TextPayload } from './wire/types';

/** A provider resolved for one request: where, how, with which key. */
export interface Endpoint {
  providerId: LlmProviderId;
  name: string;
  format: ToolFormat;
  baseUrl: string;
  apiKey?: string;
}

export interface GenerateOptions {
  model: string;
  stream: boolean;
  signal?: AbortSignal;
  /** Each piece of text as it streams (the whole text once when not streamed). */
  onText?: (text: string) => void;
}

export interface ModelList {
  models: string[];
  listed: boolean;
  reason?: AppErrorShape;
}

export interface ModelClientsDeps {
  providers: Pick<ProviderStore, 'list' | 'revealKey'>;
  fetch: typeof fetch;
}

export class ModelClients {
  constructor(private readonly deps: ModelClientsDeps) {}

  /** LLM_NO_BASE_URL or LLM_NO_KEY when the provider is not set up enough to be asked. */
  endpoint(providerId: LlmProviderId): Endpoint {
    const settings = this.deps.providers.list().find((p) => p.id === providerId);
    const name = settings?.name ?? llmProvider(providerId).name;
    const { format, keyRequired } = llmProvider(providerId);
    const context = { providerId, provider: name };
    if (!settings?.baseUrl) throw new AppError('LLM_NO_BASE_URL', `${name} has no base URL; set one with providers.set`, context);
    let apiKey: string | undefined;
    if (settings.hasKey) apiKey = this.deps.providers.revealKey(providerId);
    else if (keyRequired) throw new AppError('LLM_NO_KEY', `No API key is saved for ${name}`, context);
    return { providerId, name, format, baseUrl: settings.baseUrl.replace(/\/+$/, ''), ...(apiKey !== undefined ? { apiKey } : {}) };
  }

  /** One model turn; resolves with the response in the format's non-streamed shape (what the codecs read). */
  async generate<F extends ToolFormat>(endpoint: Endpoint & { format: F }, payload: RequestPayloads[F] | TextPayload, options: GenerateOptions): Promise<unknown> {
    const wire = WIRE_APIS[endpoint.format] as WireApi<F>;
    const context: ProviderContext = { providerId: endpoint.providerId, provider: endpoint.name, model: options.model };
    const url = wire.generateUrl(endpoint.baseUrl, options.model, options.stream);
    const response = await this.post(url, wire, endpoint, wire.body(payload, options.stream), context, options.signal);
    if (!options.stream) {
      const json = await readJson(response, context);
      const text = wire.text(json);
      if (text) options.onText?.(text);
      return json;
    }
    if (!response.body) throw badResponse(new Error('The stream has no body'), context);
    const reader = wire.streamReader();
    try {
      for await (const event of readSse(response.body)) {
        const text = reader.push(event);
        if (text) options.onText?.(text);
      }
      return reader.finish();
    } catch (error) {
      throw this.failure(error, url, context, options.signal);
    }
  }

  /** The provider's models; `listed: false` with the reason when there is no list to show. */
  async listModels(providerId: LlmProviderId, signal?: AbortSignal): Promise<ModelList> {
    try {
      const endpoint = this.endpoint(providerId);
      const wire = WIRE_APIS[endpoint.format];
      const context: ProviderContext = { providerId, provider: endpoint.name };
      const url = wire.modelsUrl(endpoint.baseUrl);
      const response = await this.send(url, { method: 'GET', headers: wire.headers(endpoint.apiKey), signal: signal ?? null }, context, signal);
      const json = await readJson(response, context);
      try {
        return { models: [...new Set(wire.readModels(json))].sort(), listed: true };
      } catch (error) {
        throw badResponse(error, context);
      }
    } catch (error) {
      return { models: [], listed: false, reason: toErrorShape(error) };
    }
  }

  private post(url: string, wire: WireApi<ToolFormat>, endpoint: Endpoint, body: unknown, context: ProviderContext, signal?: AbortSignal) {
    const headers = { 'content-type': 'application/json', ...wire.headers(endpoint.apiKey) };
    return this.send(url, { method: 'POST', headers, body: JSON.stringify(body), signal: signal ?? null }, context, signal);
  }

  private async send(url: string, init: RequestInit, context: ProviderContext, signal?: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await this.deps.fetch(url, init);
    } catch (error) {
      throw this.failure(error, url, context, signal);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    throw httpError(response.status, parseOrText(text), context);
  }

  /** What went wrong, named: the caller's cancel, a reported error, a dropped connection, an unreadable answer. */
  private failure(error: unknown, url: string, context: ProviderContext, signal?: AbortSignal): AppError {
    if (signal?.aborted) return new AppError('MCP_CANCELLED', `The request to ${context.provider} was cancelled`, { ...context });
    if (error instanceof AppError) return error;
    if (error instanceof ProviderReportedError) return streamedError(error.body, context);
    if (error instanceof SyntaxError || error instanceof TypeError && !isNetworkError(error)) return badResponse(error, context);
    return unreachable(error, url, context);
  }
}

/** fetch's own failure ("fetch failed", with the socket error as cause), not a TypeError of ours. */
const isNetworkError = (error: TypeError) => error.message === 'fetch failed' || error.cause !== undefined || error.message === 'terminated';

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readJson(response: Response, context: ProviderContext): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw badResponse(error, context);
  }
}
