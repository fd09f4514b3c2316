/**
 * The English texts of the presets, for the CLI, which speaks English and has no i18n runtime. A
 * preset's `description` is an i18n key (mcp-presets.ts); scripts reading `presets list --json`
 * want what it says, the text the app shows for it in English. Only the `presets` block of the
 * namespace is bundled (the build keeps the named part of a JSON module).
 */
import { presets } from '@locales/en/settings/tools.json';
import { presetDescriptionKey } from '../../shared/mcp-presets';

const TEXTS: Record<string, { description?: string } | undefined> = presets;

/** The English description of a preset; its key again if the locale has none (the i18n check makes that a failing build). */
export function presetDescription(id: string): string {
  return TEXTS[id]?.description ?? presetDescriptionKey(id);
}
