/**
 * Import with a preview, and the server configs other apps keep on this machine. The preview
 * and the import read the same text the same way (importDialects), so what the import adds is
 * what the preview showed; the person's choice for each duplicate travels with the import.
 */
import { z } from 'zod';
import { LimitFactsSchema, LIMITS, maxLength } from '../limits';

/** A pasted config is small; this bounds what one request may make the host parse (shared/limits.ts). */
export const IMPORT_JSON_MAX_CHARS = LIMITS.importText.max;

/** The config files of other apps that the import can read (read-only) by name. */
export const LOCAL_CONFIG_SOURCES = ['claude-desktop', 'cursor', 'vscode-mcp', 'vscode-settings'] as const;
export const LocalConfigSourceSchema = z.enum(LOCAL_CONFIG_SOURCES);
export type LocalConfigSource = z.infer<typeof LocalConfigSourceSchema>;

/** What to do with an entry whose name is taken. */
export const DUPLICATE_ACTIONS = ['skip', 'replace', 'rename'] as const;
export const DuplicateActionSchema = z.enum(DUPLICATE_ACTIONS);
export type DuplicateAction = z.infer<typeof DuplicateActionSchema>;

/** The text to import: pasted, or a known config file of another app (never an arbitrary path). */
const SourceFields = {
  json: z.string().min(1).superRefine(maxLength('importText')).optional(),
  source: LocalConfigSourceSchema.optional(),
};
const oneSource = (input: { json?: string | undefined; source?: LocalConfigSource | undefined }) => (input.json === undefined) !== (input.source === undefined);
const ONE_SOURCE = { message: 'Give either json or source', path: ['json'] };

export const McpImportPreviewInputSchema = z.object(SourceFields).strict().refine(oneSource, ONE_SOURCE);
export type McpImportPreviewInput = z.input<typeof McpImportPreviewInputSchema>;

export const ImportIssueSchema = z.object({
  path: z.string(),
  /** English, for logs and the CLI; the UI says `reason` in the person's language when it is set. */
  message: z.string(),
  reason: z.enum(['missing', 'url_scheme', 'unknown_type', 'wrong_type', 'limit']).optional(),
  /** With reason `limit`: which limit (shared/limits.ts), and the size that was over it. */
  limit: LimitFactsSchema.optional(),
});

/**
 * A name that is taken: by a saved server (`existing`, which `replace` overwrites) or by an
 * earlier entry of the same text (`batch`: only skip or rename).
 */
export const ImportConflictSchema = z.object({ kind: z.enum(['existing', 'batch']), name: z.string(), id: z.string().optional() });

/** One entry as the preview shows it; secrets masked, as everywhere a config leaves the host. */
export const McpImportPreviewEntrySchema = z.object({
  /** The entry's name as written: the key decisions refer to. */
  key: z.string(),
  ok: z.boolean(),
  type: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  url: z.string().optional(),
  envKeys: z.array(z.string()).optional(),
  headerNames: z.array(z.string()).optional(),
  isActive: z.boolean().optional(),
  /** Why the entry cannot be imported (ok false), at the keys the text used. */
  issues: z.array(ImportIssueSchema),
  /** Keys we do not read (autoApprove …), reported, never a reason to refuse. */
  ignoredKeys: z.array(z.string()),
  conflict: ImportConflictSchema.optional(),
  /** A free name for "rename" (set when there is a conflict). */
  suggestedName: z.string().optional(),
});
export type McpImportPreviewEntry = z.infer<typeof McpImportPreviewEntrySchema>;

export const McpImportPreviewSchema = z.object({ entries: z.array(McpImportPreviewEntrySchema) });
export type McpImportPreview = z.infer<typeof McpImportPreviewSchema>;

export const ImportDecisionSchema = z
  .object({
    key: z.string(),
    action: DuplicateActionSchema,
    /** The new name for `rename`; absent = the preview's suggestion. */
    name: z.string().trim().min(1).superRefine(maxLength('serverName')).optional(),
  })
  .strict();
export type ImportDecision = z.infer<typeof ImportDecisionSchema>;

export const McpImportInputSchema = z
  .object({
    ...SourceFields,
    /** Per-entry choices for duplicates; an entry without one gets `onDuplicate`. */
    decisions: z.array(ImportDecisionSchema).max(LIMITS.importServers.max).optional(),
    /** For every duplicate without a decision; default skip. */
    onDuplicate: DuplicateActionSchema.optional(),
  })
  .strict()
  .refine(oneSource, ONE_SOURCE);
export type McpImportInput = z.input<typeof McpImportInputSchema>;

export const ImportOutcomeSchema = z.enum(['added', 'replaced', 'renamed', 'skipped', 'invalid']);
export type ImportOutcomeKind = z.infer<typeof ImportOutcomeSchema>;

export const McpImportResultSchema = z.object({
  results: z.array(
    z.object({
      key: z.string(),
      outcome: ImportOutcomeSchema,
      /** The name it was saved under (differs from key after a rename). */
      name: z.string().optional(),
      id: z.string().optional(),
      /** Why it was skipped or invalid; unknown keys that were ignored. */
      message: z.string().optional(),
      issues: z.array(ImportIssueSchema).optional(),
      ignoredKeys: z.array(z.string()).optional(),
    }),
  ),
});
export type McpImportResult = z.infer<typeof McpImportResultSchema>;

/** One config file of another app found on this machine. */
export const McpLocalConfigSchema = z.object({
  source: LocalConfigSourceSchema,
  path: z.string(),
  /** Its entries as the preview shows them (empty when the file could not be read). */
  entries: z.array(McpImportPreviewEntrySchema),
  /** Why the file could not be read as a server list (not JSON, no servers): an error code and its data. */
  error: z.object({ code: z.string(), message: z.string(), data: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export type McpLocalConfig = z.infer<typeof McpLocalConfigSchema>;

export const McpLocalConfigsSchema = z.object({
  files: z.array(McpLocalConfigSchema),
  /** The person declined the one-time offer to import them (the import dialog still lists them). */
  offerDismissed: z.boolean(),
});
export type McpLocalConfigs = z.infer<typeof McpLocalConfigsSchema>;
