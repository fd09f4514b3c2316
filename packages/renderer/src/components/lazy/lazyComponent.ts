/**
 * A component whose code is loaded from its own chunk the first time it renders:
 * `lazyComponent(() => import('./Pane').then((m) => m.Pane))`. Render it inside a LazyBoundary,
 * which shows a skeleton meanwhile and an error with Try again if the chunk does not arrive.
 *
 * React.lazy keeps a rejected import for good, so Try again could never succeed after a dropped
 * connection or a host restart. Here a failed load is replaced by a new one, but only when the
 * boundary's attempt (LoadAttempt) has moved on: replaced at once, the render that should show the
 * error would start the next load instead, and a chunk that never arrives would load forever.
 */
import { createContext, createElement, lazy, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** Counts the Try again clicks of the nearest LazyBoundary. */
export const LoadAttempt = createContext(0);

interface Load<P> {
  component: LazyExoticComponent<ComponentType<P>>;
  attempt: number;
  failed: boolean;
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
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
