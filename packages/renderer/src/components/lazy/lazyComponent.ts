/**
 * A component whose code is loaded from its own chunk the first time it renders:
 * `lazyComponent(() => import('./Pane').then((m) => m.Pane))`. Render it inside a LazyBoundary,
 * which shows a skeleton meanwhile and an error with Try again if the chunk does not arrive.
 *
 * React.lazy keeps a rejected import for good, so Try again could never succeed after a dropped
 * connection or a host restart. Here a failed load is replaced by a new one, but only when the
 * boundary's attempt (LoadAttempt) has moved on: replaced at once, the render that should show the
 * error would start the next load instead, and a chunk that never arrives would load forever.
 *
 * In browser mode the chunks come from the host, so a part first opened after the host stopped
 * could not load at all and would hide what the page says about the host. Once the first screen is
 * up, prefetchLazyParts loads every part in the background (each load is shared with the part's
 * first render), so the whole window keeps working, and explaining itself, without the host.
 */
import { createContext, createElement, lazy, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** Counts the Try again clicks of the nearest LazyBoundary. */
export const LoadAttempt = createContext(0);

interface Load<P> {
  component: LazyExoticComponent<ComponentType<P>>;
  attempt: number;
  failed: boolean;
}

/** The parts declared so far, each with its shared load; a prefetched chunk may declare more. */
const parts: Array<() => Promise<unknown>> = [];

export function lazyComponent<P extends object>(loadChunk: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  let pending: Promise<ComponentType<P>> | undefined;
  // One load at a time, shared by the prefetch and the first render; a failed one is forgotten so
  // that Try again (or the render after a failed prefetch) fetches again.
  const load = () =>
    (pending ??= loadChunk().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  parts.push(load);
  const start = (attempt: number): Load<P> => {
    const entry: Load<P> = {
      attempt,
      failed: false,
      component: lazy(() =>
        load().then(
          (component) => ({ default: component }),
          (error: unknown) => {
            entry.failed = true;
            throw error;
          },
        ),
      ),
    };
    return entry;
  };
  let current: Load<P> | undefined;

  return function Lazy(props: P): ReactNode {
    const attempt = useContext(LoadAttempt);
    if (!current || (current.failed && current.attempt !== attempt)) current = start(attempt);
    return createElement(current.component, props);
  };
}

/**
 * Loads every lazy part, one after another, including the parts those chunks declare; failures are
 * left for the part's own render to show (with Try again). Resolves when no part is left.
 */
export async function prefetchLazyParts(): Promise<void> {
  for (let next = 0; next < parts.length; next++) {
    await parts[next]!().catch(() => undefined);
  }
}
