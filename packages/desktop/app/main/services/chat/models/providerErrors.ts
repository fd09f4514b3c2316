/**
 * A provider's refusal or silence as an AppError the person can act on: a refused key, an
 * unknown model, a rate limit and an unreachable URL each have their own code; the provider's
 * own words go in `data.detail` (and the message), never in place of the sentence.
 */
import { AppError, errorMessage, type ErrorCode } from '@shared/errors';

export interface ProviderContext {
  providerId: string;
  provider: string;
  model?: string;
}

/** The provider's message in an error body (OpenAI, Anthropic and Gemini all say `error.message`). */
export function errorDetail(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 500) || undefined;
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

export function httpError(status: number, body: unknown, context: ProviderContext): AppError {
  const code: ErrorCode =
    status === 401 || status === 403 ? 'LLM_KEY_REFUSED' : status === 404 ? 'LLM_MODEL_NOT_FOUND' : status === 429 ? 'LLM_RATE_LIMITED' : 'LLM_REQUEST_FAILED';
  const detail = errorDetail(body);
  return new AppError(code, `${context.provider} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, { ...context, status, ...(detail ? { detail } : {}) });
}

/** An error event inside a stream that had started fine. */
export function streamedError(body: unknown, context: ProviderContext): AppError {
  const detail = errorDetail(body) ?? JSON.stringify(body).slice(0, 500);
  const type = JSON.stringify((body as { error?: unknown } | null)?.error ?? body);
  const code: ErrorCode = /rate_limit|overloaded|RESOURCE_EXHAUSTED|429/i.test(type) ? 'LLM_RATE_LIMITED' : 'LLM_REQUEST_FAILED';
  return new AppError(code, `${context.provider} reported an error while answering: ${detail}`, { ...context, detail });
}

export function unreachable(error: unknown, url: string, context: ProviderContext): AppError {
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, a TLS error) is its cause.
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause ? errorMessage(cause) : errorMessage(error);
  return new AppError('LLM_UNREACHABLE', `${context.provider} could not be reached at ${url}: ${detail}`, { ...context, url, detail });
}

export function badResponse(error: unknown, context: ProviderContext): AppError {
  const detail = errorMessage(error);
  return new AppError('LLM_BAD_RESPONSE', `${context.provider} answered something that is not its API's shape: ${detail}`, { ...context, detail });
}
