import type { OfficialMcpPreset } from '@shared/mcp-presets';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A preset's translated description. The key comes from the catalog (`presets.<id>.description`),
 * not from a literal the typed `t` can check, so it is looked up by name; a preset without a
 * translation (a test fixture) shows none rather than its raw key.
 */
export function presetDescription(i18n: I18n, preset: Pick<OfficialMcpPreset, 'description'>): string {
  const options = { ns: 'settings/tools' } as const;
  return i18n.exists(preset.description, options) ? i18n.getFixedT(null, 'settings/tools')(preset.description as never) : '';
}

export function usePresetDescription(preset: Pick<OfficialMcpPreset, 'description'>): string {
  const { i18n } = useTranslation('settings/tools');
  return presetDescription(i18n, preset);
}
