/**
 * mcp.bulk: one action on several servers the person selected in the list. Each server is done
 * on its own and answers on its own, so one that fails (gone, refused, unreachable) neither stops
 * the others nor hides what happened to them: nothing is lost on a partial failure.
 */
import { z } from 'zod';
import { AppErrorShapeSchema } from '../errors';
import { McpServerIdInputSchema, McpTestResultSchema } from './mcp-types';

/** `restore` undoes a `remove` (mcp.restore per server), within the same undo window. */
export const MCP_BULK_ACTIONS = ['enable', 'disable', 'test', 'remove', 'restore'] as const;
export type McpBulkAction = (typeof MCP_BULK_ACTIONS)[number];

/** More than any list a person selects from; a bound so one request cannot queue unbounded work. */
export const MCP_BULK_MAX = 1000;

export const McpBulkInputSchema = z.strictObject({
  action: z.enum(MCP_BULK_ACTIONS),
  ids: z
    .array(McpServerIdInputSchema.shape.id)
    .min(1)
    .max(MCP_BULK_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each server may be named once' }),
});
export type McpBulkInput = z.infer<typeof McpBulkInputSchema>;

/** One server's outcome: `error` when it failed; `test` carries a test's own result (a failed test is `ok: false` with it). */
export const McpBulkOutcomeSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: AppErrorShapeSchema.optional(),
  test: McpTestResultSchema.optional(),
});
export type McpBulkOutcome = z.infer<typeof McpBulkOutcomeSchema>;

/** The outcomes in the order of `ids`. */
export const McpBulkResultSchema = z.object({ results: z.array(McpBulkOutcomeSchema) });
export type McpBulkResult = z.infer<typeof McpBulkResultSchema>;
