import { useEffect, useState } from 'react';

/** `value` once it has not changed for `delayMs`: a search sent as the person pauses, not per keystroke. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Whether `active` has stayed true for `afterMs` (a request that is taking long), false as soon as it is not. */
export function useTakingLong(active: boolean, afterMs: number): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setLong(true), afterMs);
    return () => {
      clearTimeout(timer);
      setLong(false);
    };
  }, [active, afterMs]);
  return active && long;
}
