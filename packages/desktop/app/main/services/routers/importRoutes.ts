/**
 * Import with a preview, and the servers other apps keep on this machine, merged into
 * AppRouter's one handler table. A text comes pasted (`json`) or from one of the known config
 * files (`source`), which only the host reads: the renderer never names a path.
 */
import type { LocalConfigSource } from '../../../shared/contracts/mcp-import';
import { toErrorShape } from '../../../shared/errors';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import { localConfigJson, readLocalConfigs, thisMachine, type LocalConfigPlace } from '../capabilities/tools/mcp-users/localConfigs';
import { openImportOfferState, type ImportOfferState } from '../config/importOfferState';
import type { RouteHandlers } from './AppRouter';

type ImportRoute = 'mcp.import_preview' | 'mcp.import' | 'mcp.find_local_configs' | 'mcp.dismiss_local_configs';

export interface ImportRouteOptions {
  /** The config folder (the dismissal of the offer is kept there). */
  configDir: string;
  /** Where other apps' configs are looked for; this machine's home unless a test says otherwise. */
  place?: () => LocalConfigPlace;
}

export function createImportRouteHandlers(mcpService: McpService, { configDir, place = thisMachine }: ImportRouteOptions): Pick<RouteHandlers, ImportRoute> {
  let offer: ImportOfferState | undefined;
  // Opened on first use: most runs (every CLI command) never touch it.
  const offerState = () => (offer ??= openImportOfferState(configDir));
  const textOf = (input: { json?: string | undefined; source?: LocalConfigSource | undefined }) => input.json ?? localConfigJson(input.source!, place());

  return {
    'mcp.import_preview': async (input) => mcpService.previewImport(textOf(input)),
    'mcp.import': async (input) => mcpService.importJson(textOf(input), input.decisions, input.onDuplicate),
    'mcp.find_local_configs': async () => {
      // Each file's entries as the preview shows them, with duplicates of saved servers marked.
      const files = readLocalConfigs(place()).map((read) => {
        if ('error' in read) return { source: read.source, path: read.path, entries: [], error: toErrorShape(read.error) };
        return { source: read.source, path: read.path, entries: mcpService.previewImport(read.json).entries };
      });
      return { files, offerDismissed: offerState().dismissed() };
    },
    'mcp.dismiss_local_configs': async () => {
      offerState().dismiss();
      return { offerDismissed: true };
    },
  };
}
