/**
 * Install links, the activation review and export: the routes that let a server arrive from a
 * web page without running anything until a person has read what it would run.
 */
import { z } from 'zod';
import { McpServerTransportSchema } from './mcp-types';

const ServerIdSchema = z.string().trim().min(1);

export const McpInstallLinkInputSchema = z.object({ url: z.string().min(1) }).strict();
export type McpInstallLinkInput = z.infer<typeof McpInstallLinkInputSchema>;

/** A SHA-256 hex digest over exactly the fields the review shows. */
export const McpReviewTokenSchema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What the confirmation dialog shows before a linked server first runs, and nothing more: env
 * values and header values are secrets the link itself supplied, so their names are what the
 * person judges.
 */
export const McpActivationReviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: McpServerTransportSchema,
  command: z.string().optional(),
  args: z.array(z.string()),
  envKeys: z.array(z.string()),
  headerNames: z.array(z.string()),
  url: z.string().optional(),
  reviewToken: McpReviewTokenSchema,
});
export type McpActivationReview = z.infer<typeof McpActivationReviewSchema>;

/** The token is required for a server that arrived by link and has not been activated yet. */
export const McpActivateInputSchema = z.object({ id: ServerIdSchema, reviewToken: McpReviewTokenSchema.optional() }).strict();
export type McpActivateInput = z.infer<typeof McpActivateInputSchema>;

/** The shapes an export can take: Claude Desktop's `mcpServers` (Cursor, Windsurf, Cline read it) or VS Code's `servers`. */
export const EXPORT_DIALECTS = ['claude-desktop', 'vscode'] as const;
export const ExportDialectSchema = z.enum(EXPORT_DIALECTS);
export type ExportDialect = z.infer<typeof ExportDialectSchema>;

export const McpExportInputSchema = z
  .object({
    includeSecrets: z.boolean().optional(),
    /** Only these servers, in this order; absent = every server. */
    ids: z.array(ServerIdSchema).max(10_000).optional(),
    dialect: ExportDialectSchema.optional(),
  })
  .strict();
export type McpExportInput = z.infer<typeof McpExportInputSchema>;

export const McpExportResultSchema = z.object({ json: z.string() });

/** Sent when a link added servers, so the window can offer their review. */
export const McpLinkInstalledSchema = z.object({ ids: z.array(z.string()) });
