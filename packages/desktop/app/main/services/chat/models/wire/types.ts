/**
 * What differs per wire format when talking to a model over HTTP: the endpoint, the headers, how a
 * stream is put back together, where the text is. Each format's stream reader rebuilds the SAME
 * response object the non-streamed call returns, so the tool loop's codecs (toolLoop.ts) read both.
 */
import type { RequestPayloads } from '../../../completion/CompletionService';
import type { ToolFormat } from '@shared/toolFormats';
import type { SseEvent } from '../sse';

export interface StreamReader {
  /** Takes one event; returns the text it adds to the answer, if any. Throws when the event reports an error. */
  push(event: SseEvent): string | undefined;
  /** The whole response, shaped as the non-streamed call's. */
  finish(): unknown;
}

export interface TextPrompt {
  model: string;
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
}

/** A request body built here rather than by CompletionService (no tools). */
export type TextPayload = Record<string, unknown>;

export interface WireApi<F extends ToolFormat> {
  /** The URL of one generation; `baseUrl` has no trailing slash. */
  generateUrl(baseUrl: string, model: string, stream: boolean): string;
  /** The body of one generation: the payload, plus what streaming needs. */
  body(payload: RequestPayloads[F] | TextPayload, stream: boolean): unknown;
  /** Auth (and version) headers; `key` is absent for a keyless local endpoint. */
  headers(key: string | undefined): Record<string, string>;
  streamReader(): StreamReader;
  /** The model's text in a (rebuilt or non-streamed) response. */
  text(response: unknown): string;
  stopReason(response: unknown): string | undefined;
  /** A person's message in the format's own history. */
  userMessage(text: string): unknown;
  /** A tool-less request for one answer (sampling). */
  textPayload(prompt: TextPrompt): TextPayload;
  modelsUrl(baseUrl: string): string;
  /** Model ids from the list endpoint's answer. */
  readModels(json: unknown): string[];
}

/** Parses one event's JSON; a stream that is not JSON is not this API. */
export function eventJson(event: SseEvent): unknown {
  return JSON.parse(event.data);
}
