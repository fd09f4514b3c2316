import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILTIN_AGENT_ID_PREFIX, type AgentPreset } from '@shared/contracts/agents';

type Shown = Pick<AgentPreset, 'id' | 'builtin' | 'name' | 'description'>;

/**
 * A preset's name and description in the window's language: the built-ins' come from the locale
 * (`builtins.<id without "builtin:">`), the person's are shown as they typed them, and a built-in
 * the locale does not know yet keeps its stored English text.
 */
export function usePresetText() {
  const { t, i18n } = useTranslation('agents');
  return useCallback(
    (preset: Shown): { name: string; description: string | undefined } => {
      const key = `builtins.${preset.id.slice(BUILTIN_AGENT_ID_PREFIX.length)}`;
      if (!preset.builtin || !i18n.exists(`${key}.name`, { ns: 'agents' })) return { name: preset.name, description: preset.description };
      // The key is made from the id; the locale files' keys are checked by i18n:check, not by the type of t.
      return { name: t(`${key}.name` as never), description: t(`${key}.description` as never) };
    },
    [t, i18n],
  );
}
