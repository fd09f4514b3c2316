/** electron-store backend: `{userData}/mcp-config.json`, defaults `{ mcpServers: [] }`. */
import path from 'node:path';
import { app } from 'electron';
import Store from 'electron-store';
import {
  MCP_CONFIG_DEFAULTS,
  MCP_CONFIG_NAME,
  openMcpConfigStore,
  type McpConfigStore,
} from '../services/config/McpConfigStore';
import { PRIVATE_FILE_MODE } from '../services/config/configFileHygiene';

export function openElectronMcpConfigStore(): McpConfigStore {
  const filePath = path.join(app.getPath('userData'), `${MCP_CONFIG_NAME}.json`);
  return openMcpConfigStore(
    filePath,
    () =>
      new Store<Record<string, unknown>>({
        name: MCP_CONFIG_NAME,
        defaults: { ...MCP_CONFIG_DEFAULTS },
        accessPropertiesByDotNotation: false,
        // Private even with env and header values held by reference: args and URLs can carry credentials. The temp files get this mode too.
        configFileMode: PRIVATE_FILE_MODE,
      }),
  );
}
