import { useCallback, useState } from 'react';
import { DARK_QUERY, useMediaQuery } from './mediaQuery';

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type EffectiveTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'elftia.theme';

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(saved) ? saved : 'system';
  } catch {
    return 'system'; // storage blocked (privacy mode): follow the OS
  }
}

/**
 * The person's theme choice (persisted) and the theme actually in effect. "system" tracks the
 * OS setting live, so switching the OS to dark while the app is open is followed at once.
 */
export function useThemePreference(): {
  preference: ThemePreference;
  effective: EffectiveTheme;
  setPreference: (next: ThemePreference) => void;
} {
  const [preference, setState] = useState<ThemePreference>(readPreference);
  const systemDark = useMediaQuery(DARK_QUERY);
  const setPreference = useCallback((next: ThemePreference) => {
    setState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still applies to this session.
    }
  }, []);
  const effective: EffectiveTheme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  return { preference, effective, setPreference };
}
