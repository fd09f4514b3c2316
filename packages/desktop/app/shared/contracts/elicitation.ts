/**
 * What a server asks the person (MCP `elicitation/create`) and what the person answers, as the
 * host's events and routes carry them. The requested schema is the spec's restricted one: a flat
 * object of strings, numbers, booleans and single or multiple choices, nothing nested.
 */
import { z } from 'zod';

const described = { title: z.string().optional(), description: z.string().optional() };
const choice = z.object({ const: z.string(), title: z.string() });

/** One property of a requested schema (the spec's PrimitiveSchemaDefinition). */
export const ElicitationPropertySchema = z.union([
  z.object({ type: z.literal('boolean'), ...described, default: z.boolean().optional() }),
  z.object({
    type: z.literal('string'),
    ...described,
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
    /** A single choice: `enum` (optionally named by the legacy `enumNames`) or `oneOf` const+title pairs. */
    enum: z.array(z.string()).optional(),
    enumNames: z.array(z.string()).optional(),
    oneOf: z.array(choice).optional(),
    default: z.string().optional(),
  }),
  z.object({ type: z.enum(['number', 'integer']), ...described, minimum: z.number().optional(), maximum: z.number().optional(), default: z.number().optional() }),
  z.object({
    type: z.literal('array'),
    ...described,
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    items: z.object({ type: z.literal('string').optional(), enum: z.array(z.string()).optional(), anyOf: z.array(choice).optional() }),
    default: z.array(z.string()).optional(),
  }),
]);
export type ElicitationProperty = z.infer<typeof ElicitationPropertySchema>;

export const ElicitationSchemaSchema = z.object({
  type: z.literal('object'),
  properties: z.record(z.string(), ElicitationPropertySchema),
  required: z.array(z.string()).optional(),
});
export type ElicitationSchema = z.infer<typeof ElicitationSchemaSchema>;

/** A value of an answered field, as the spec allows it. */
export const ElicitationValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type ElicitationValue = z.infer<typeof ElicitationValueSchema>;
export type ElicitationContent = Record<string, ElicitationValue>;

const requestBase = {
  /** Ours, unique per request: what the answer names. */
  requestId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  message: z.string(),
  /** The tool call that was running on this server when it asked, when exactly one was. */
  toolCallId: z.string().optional(),
  toolName: z.string().optional(),
  /** When the host stops waiting and declines for the person (epoch ms). */
  expiresAt: z.number(),
};

/** `mcp.elicitation_request`: a server asks the person; one answer (`mcp.elicitation_respond`) goes back. */
export const ElicitationRequestSchema = z.discriminatedUnion('mode', [
  z.object({ ...requestBase, mode: z.literal('form'), requestedSchema: ElicitationSchemaSchema }),
  /** The person is asked to open a page of the server's (a sign-in, a payment); accept means they agreed to open it. */
  z.object({ ...requestBase, mode: z.literal('url'), url: z.string() }),
]);
export type ElicitationRequest = z.infer<typeof ElicitationRequestSchema>;

export const ElicitationActionSchema = z.enum(['accept', 'decline', 'cancel']);
export type ElicitationAction = z.infer<typeof ElicitationActionSchema>;

export const ElicitationRespondInputSchema = z.strictObject({
  requestId: z.string().min(1),
  action: ElicitationActionSchema,
  /** Only with `accept` in form mode; checked against the requested schema (ELICITATION_INVALID_CONTENT). */
  content: z.record(z.string(), ElicitationValueSchema).optional(),
});
export type ElicitationRespondInput = z.infer<typeof ElicitationRespondInputSchema>;

/**
 * `mcp.elicitation_closed`: the request no longer waits for anyone (every window closes its
 * dialog): answered (here or in another window), timed out (declined for the person), or
 * withdrawn (the connection closed, the server gave up, the tool call ended).
 */
export const ElicitationClosedSchema = z.object({
  requestId: z.string(),
  serverId: z.string(),
  reason: z.enum(['answered', 'timeout', 'withdrawn']),
});
export type ElicitationClosed = z.infer<typeof ElicitationClosedSchema>;
