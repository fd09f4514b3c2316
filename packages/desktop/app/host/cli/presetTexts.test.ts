import { expect, it } from 'vitest';
import { OFFICIAL_MCP_PRESETS } from '../../shared/mcp-presets';
import english from '@locales/en/settings/tools.json';
import { presetDescription } from './presetTexts';

it("gives `presets list --json` every preset's English description, not its i18n key", () => {
  for (const preset of OFFICIAL_MCP_PRESETS) {
    expect(preset.description).toBe(`presets.${preset.id}.description`);
    expect(presetDescription(preset.id)).toBe((english.presets as Record<string, { description: string } | undefined>)[preset.id]?.description);
    expect(presetDescription(preset.id)).not.toMatch(/^presets\./);
  }
});
