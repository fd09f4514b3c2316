/** registry.*: find, show and install servers from MCP registries, and the registries themselves (RegistryService). */
import type { RouteHandlers } from '../routers/AppRouter';
import type { RegistryService } from './RegistryService';

type RegistryRoute = Extract<keyof RouteHandlers, `registry.${string}`>;

export function createRegistryRouteHandlers(registry: RegistryService): Pick<RouteHandlers, RegistryRoute> {
  return {
    'registry.list': async () => registry.registries(),
    'registry.save': async (settings) => registry.save(settings),
    'registry.search': async (input) => registry.search(input),
    'registry.show': async (input) => registry.show(input),
    'registry.install': async (input) => registry.install(input),
    'registry.updates': async () => registry.updates(),
    'registry.update': async (input) => registry.update(input),
  };
}
