/**
 * Pure checks for what arrives from the host. Both transports hand raw `unknown` values here, so
 * a malformed or outdated host shows up as an error envelope instead of a crash deep in a component.
 */
import { events, isEventName, isRouteName, routes, type EventEnvelope, type RouteName, type RouteOutput } from '@shared/contracts/ipc';
import { AppErrorShapeSchema, describeIssues, type AppErrorShape, type Result } from '@shared/errors';

export const internalError = (message: string, data?: Record<string, unknown>): { ok: false; error: AppErrorShape } => ({
  ok: false,
  error: data ? { code: 'INTERNAL', message, data } : { code: 'INTERNAL', message },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns a raw response body into a typed Result for `route`. Success data is parsed with the
 * route's output schema (which also applies the contract's defaults); an error whose shape or
 * code this build does not know becomes INTERNAL, keeping the host's message for the details.
 */
export function toResult<R extends RouteName>(route: R, raw: unknown): Result<RouteOutput<R>> {
  if (!isRecord(raw) || typeof raw.ok !== 'boolean') {
    return internalError(`Malformed response for ${route}`, { route });
  }
  if (raw.ok) {
    if (!isRouteName(route)) return internalError(`Unknown route ${String(route)}`, { route });
    const parsed = routes[route].output.safeParse(raw.data);
    if (!parsed.success) {
      return internalError(`Unexpected data for ${route}: ${describeIssues(parsed.error.issues)}`, { route });
    }
    return { ok: true, data: parsed.data as RouteOutput<R> };
  }
  const error = AppErrorShapeSchema.safeParse(raw.error);
  if (error.success) return { ok: false, error: error.data };
  const message = isRecord(raw.error) && typeof raw.error.message === 'string' ? raw.error.message : `Malformed error for ${route}`;
  return internalError(message, { route });
}

/** Validates one event envelope; anything unknown or malformed is dropped (undefined). */
export function toEventEnvelope(raw: unknown): EventEnvelope | undefined {
  if (!isRecord(raw) || typeof raw.event !== 'string' || !isEventName(raw.event)) return undefined;
  const parsed = events[raw.event].safeParse(raw.payload);
  if (!parsed.success) return undefined;
  return { event: raw.event, payload: parsed.data } as EventEnvelope;
}

/** Parses the JSON text of one SSE `data` block into an envelope, or undefined. */
export function parseEventData(text: string): EventEnvelope | undefined {
  try {
    return toEventEnvelope(JSON.parse(text));
  } catch {
    return undefined;
  }
}
