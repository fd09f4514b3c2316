import { useCallback, useSyncExternalStore } from 'react';

/** The OS asks for dark colours. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The OS asks for less motion (macOS "Reduce motion", Windows "Show animations" off, GNOME animations off). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

// matchMedia is missing in some embedders and test DOMs; there no query matches.
const mediaQuery = (query: string): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

/** Whether `query` matches now, for code that reads it once (a scroll about to start). */
export const matchesMedia = (query: string): boolean => mediaQuery(query)?.matches ?? false;

/** Whether `query` matches, followed live: the OS setting changed while the app is open applies at once. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matchesMedia(query), () => false);
}
