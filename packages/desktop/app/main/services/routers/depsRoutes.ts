/** The deps.* handlers: the dependency doctor's routes, merged into AppRouter's one handler table. */
import type { DependencyCheckService } from '../capabilities/tools/mcp-users/DependencyCheckService';
import { removeNpxCacheFolder } from '../capabilities/tools/mcp-users/deps/npxCache';
import type { RouteHandlers } from './AppRouter';

type DepsRoute = Extract<keyof RouteHandlers, `deps.${string}`>;

export function createDepsRouteHandlers(deps: DependencyCheckService): Pick<RouteHandlers, DepsRoute> {
  return {
    'deps.check': ({ command }) => deps.check(command),
    'deps.install': ({ command }) => deps.installCommand(command),
    'deps.refresh_path': () => deps.refreshPath(),
    'deps.remove_npx_cache': ({ path }) => removeNpxCacheFolder(path),
  };
}
