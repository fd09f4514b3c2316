import { useEffect, useRef, type RefObject } from 'react';
import { matchesMedia, REDUCED_MOTION_QUERY } from '@renderer/theme/mediaQuery';

/**
 * Scrolls `target` into view whenever `key` changes to something new, but not for what was there
 * when the component mounted (reopening a pane must not jump). `nearest` leaves a visible target
 * where it is, and brings one that is below the fold up until it shows (its top first when it is
 * taller than the view).
 */
export function useRevealOnChange(target: RefObject<HTMLElement | null>, key: string | undefined): void {
  const seen = useRef(key);
  useEffect(() => {
    if (key === undefined || key === seen.current) return;
    seen.current = key;
    target.current?.scrollIntoView?.({ block: 'nearest', behavior: matchesMedia(REDUCED_MOTION_QUERY) ? 'auto' : 'smooth' });
  }, [key, target]);
}
