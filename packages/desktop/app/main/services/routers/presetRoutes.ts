/** The presets.* handlers: one-click install of the official presets, merged into AppRouter's one handler table. */
import { maskServerRecord } from '../capabilities/tools/mcp-users/common/redaction';
import type { PresetInstaller } from '../capabilities/tools/mcp-users/presets/PresetInstaller';
import type { RouteHandlers } from './AppRouter';

type PresetRoute = Extract<keyof RouteHandlers, `presets.${string}`>;

export function createPresetRouteHandlers(installer: PresetInstaller): Pick<RouteHandlers, PresetRoute> {
  return {
    'presets.list': (input) => installer.list(input?.category),
    'presets.install': async (input) => {
      const outcome = await installer.install(input);
      return { ...outcome, server: maskServerRecord(outcome.server) };
    },
  };
}
