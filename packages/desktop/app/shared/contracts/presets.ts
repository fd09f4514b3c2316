/**
 * One-click install of an official preset: what `presets.list` shows and what `presets.install`
 * reports, step by step. The steps run in order; each is also sent as `presets.install_progress`
 * when it ends, so a caller can show it as it happens.
 */
import { z } from 'zod';
import { OfficialMcpPresetCategorySchema, OfficialMcpPresetSchema } from '../mcp-presets';
import { ErrorCodeSchema } from '../errors';
import { McpServerRecordSchema } from './mcp-types';
import { LlmProviderIdSchema } from './providers';

export const PresetListInputSchema = z.strictObject({ category: OfficialMcpPresetCategorySchema.optional() }).optional();

export const PresetListItemSchema = z.object({
  preset: OfficialMcpPresetSchema,
  /** A server added from this preset exists (its id is `serverId`). */
  installed: z.boolean(),
  serverId: z.string().optional(),
  /** The first linked provider with a saved key: install would use that key unless told otherwise. */
  keyAvailableFrom: LlmProviderIdSchema.optional(),
});
export type PresetListItem = z.infer<typeof PresetListItemSchema>;

const PresetApiKeySchema = z.string().trim().min(1).max(8192).regex(/^[^\s\p{Cc}]+$/u, 'An API key has no spaces or control characters');

export const PresetInstallInputSchema = z.strictObject({
  presetId: z.string().min(1).max(100),
  /** A key the person typed; wins over any provider's. */
  apiKey: PresetApiKeySchema.optional(),
  /** Take the key from this linked provider (and use its variant of the service). */
  keyFrom: LlmProviderIdSchema.optional(),
  directories: z.array(z.string().trim().min(1).max(4096)).max(50).optional(),
});
export type PresetInstallInput = z.infer<typeof PresetInstallInputSchema>;

export const PRESET_INSTALL_STEPS = ['key', 'dependency', 'add', 'connect', 'tools'] as const;

export const PresetInstallStepSchema = z.object({
  step: z.enum(PRESET_INSTALL_STEPS),
  status: z.enum(['done', 'skipped', 'failed']),
  message: z.string(),
  /** A failed step's error code. */
  code: ErrorCodeSchema.optional(),
  /** What to do about a failed step. */
  fix: z.string().optional(),
  /**
   * A failed step's error data, as the server's status carries it (a connect failure's stage,
   * hint, facts and already redacted stderr tail), so a UI explains it as the server list does.
   */
  data: z.record(z.string(), z.unknown()).optional(),
  /** The add step: the new server's id, so a UI can follow its connect (an npx download) while the install runs. */
  serverId: z.string().optional(),
  /** How long the step took, measured where it ran (a progress display's arrival times are not). */
  durationMs: z.number().int().nonnegative().optional(),
});
export type PresetInstallStep = z.infer<typeof PresetInstallStepSchema>;

export const PresetInstallProgressSchema = z.object({ presetId: z.string(), step: PresetInstallStepSchema });
export type PresetInstallProgress = z.infer<typeof PresetInstallProgressSchema>;

/** Where the key came from: typed in, a linked provider's (`keyProviderId`), or no key at all. */
export const PresetKeySourceSchema = z.enum(['input', 'provider', 'none']);
export type PresetKeySource = z.infer<typeof PresetKeySourceSchema>;

export const PresetInstallResultSchema = z.object({
  presetId: z.string(),
  /** False when a step after the add failed; the server stays added, in its error state. */
  ok: z.boolean(),
  steps: z.array(PresetInstallStepSchema),
  /** Secrets masked. */
  server: McpServerRecordSchema,
  tools: z.array(z.string()),
  keySource: PresetKeySourceSchema,
  keyProviderId: LlmProviderIdSchema.optional(),
});
export type PresetInstallResult = z.infer<typeof PresetInstallResultSchema>;
