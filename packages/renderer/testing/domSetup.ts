/**
 * Runs before every `dom` test file (see vitest.config.ts).
 *
 * React's development build records an "owner stack" for each element it creates, by building an
 * Error (a captured stack trace) per element: about a tenth of a component test's CPU, for stack
 * lines in warnings that these tests never read. React stops recording once its per-render budget
 * reads as spent, so the budget is made to read as spent always. Development-only checks (keys,
 * hooks order, act warnings) still run; only the owner lines in their messages go.
 */
import { configure } from '@testing-library/react';
import * as React from 'react';

const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (!internals || !('recentlyCreatedOwnerStacks' in internals)) {
  throw new Error('React no longer exposes recentlyCreatedOwnerStacks: drop or update packages/renderer/src/test/domSetup.ts');
}
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => {}, configurable: true });

/*
 * Parts of the window load lazily (components/lazy): the first test in a worker that opens one
 * waits for its modules to be imported and transformed, over a second on a busy machine. findBy and
 * waitFor get 5 s instead of 1; the timeout only bounds how long a failure takes to report.
 */
configure({ asyncUtilTimeout: 5_000 });

/* jsdom scrolls nothing and says so on every call; the server list's rows scroll with the window (a window virtualizer). */
window.scrollTo = () => {};
