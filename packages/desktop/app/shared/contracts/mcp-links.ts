/**
 * Install links, the activation review and export: the routes that let a server arrive from a
 * web page without running anything until a person has read what it would run.
 */
import { z } from 'zod';
import { McpServerTransportSchema } from './mcp-types';

const ServerIdSchema = z.string().trim().min(1);

export const McpInstallLinkInputSchema = z.object({ url: z.string().min(1) }).strict();
export type McpInstallLinkInput = z.infer<typeof McpInstallLinkInputSchema>;

/** A SHA-256 hex digest over the whole canonical record the review describes (activationReview.ts). */
export const McpReviewTokenSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** Why an env variable changes which code runs (the table is mcp-users/common/codeRiskEnv.ts). */
export const CODE_RISKS = ['loads_code', 'search_path', 'startup_script', 'package_source'] as const;
export const CodeRiskSchema = z.enum(CODE_RISKS);
export type CodeRisk = z.infer<typeof CodeRiskSchema>;

/**
 * One env variable or header as the review shows it: its value, or only that it is set when the
 * value looks like a credential. A variable that changes which code runs always shows its value:
 * that value is what the person has to judge.
 */
export const McpReviewEntrySchema = z.object({
  name: z.string(),
  value: z.string().optional(),
  /** The value looks like a credential: shown as "set", never sent. */
  secret: z.literal(true).optional(),
  risk: CodeRiskSchema.optional(),
});
export type McpReviewEntry = z.infer<typeof McpReviewEntrySchema>;

/**
 * What the confirmation dialog (and the CLI) shows before a linked server first runs: everything
 * that decides what runs and how. Credentials inside arguments and the URL are masked (`***`) the
 * way every list masks them; the token still binds their real values.
 */
export const McpActivationReviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: McpServerTransportSchema,
  command: z.string().optional(),
  args: z.array(z.string()),
  /** The folder a process transport's program starts in. */
  cwd: z.string().optional(),
  url: z.string().optional(),
  env: z.array(McpReviewEntrySchema),
  headers: z.array(McpReviewEntrySchema),
  wsProtocol: z.string().optional(),
  timeoutMs: z.number().optional(),
  /** A pre-registered OAuth client: its id, and whether a secret (or a private key) is set. */
  oauth: z.object({ clientId: z.string().optional(), clientSecret: z.boolean() }).optional(),
  /** Some variable changes which code runs: activating takes a second confirmation (`riskAcknowledged`). */
  risky: z.boolean(),
  reviewToken: McpReviewTokenSchema,
});
export type McpActivationReview = z.infer<typeof McpActivationReviewSchema>;

/**
 * The token is required for a server that arrived by link and has not been activated yet;
 * `riskAcknowledged` for one whose review is risky, so no client can skip the second confirmation.
 */
export const McpActivateInputSchema = z
  .object({ id: ServerIdSchema, reviewToken: McpReviewTokenSchema.optional(), riskAcknowledged: z.boolean().optional() })
  .strict();
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
