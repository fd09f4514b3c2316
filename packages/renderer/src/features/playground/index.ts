/**
 * The tool playground (a server detail's Playground pane): pick a tool, fill its arguments, run it,
 * look back at earlier calls. The pane is a lazy part, with the schema form library it brings; the
 * sessions are light, so the tools pane can say which tool to open before the pane has loaded.
 */
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';

export { playgroundSessions } from './model/playgroundSession';
export { startupAppLink } from './model/appLinkIntent';
export const PlaygroundPane = lazyComponent(() => import('./components/PlaygroundPane').then((m) => m.PlaygroundPane));
