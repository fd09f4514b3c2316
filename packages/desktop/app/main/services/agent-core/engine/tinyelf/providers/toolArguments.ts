/**
 * Tool-call arguments as providers send them: OpenAI as a JSON string the model wrote (which can
 * be truncated or otherwise malformed), Anthropic and Gemini as an object. Anything that is not a
 * JSON object becomes a parse failure, which the loop answers as a failed tool result the model
 * can correct — never an exception that ends the turn.
 */
import { isRecord } from '@mcp-common/schema/types';
import { errorMessage } from '@shared/errors';
import type { ParsedArguments } from './types';

export function parseJsonArguments(raw: string): ParsedArguments {
  // Some models send "" for a tool without parameters.
  if (raw.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, error: `The arguments are not valid JSON (${errorMessage(err)}): ${clip(raw)}` };
  }
  return objectArguments(value);
}

/** Gemini leaves `args` out for a call without arguments. */
export function objectArguments(value: unknown): ParsedArguments {
  if (value === undefined) return { ok: true, value: {} };
  return isRecord(value) ? { ok: true, value } : { ok: false, error: `The arguments must be a JSON object, not ${clip(JSON.stringify(value) ?? typeof value)}` };
}

const MAX_QUOTED = 200;
const clip = (text: string) => (text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);
