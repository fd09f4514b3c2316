/** The `conf` backend for browser mode, tests and the CLI: `{dir}/mcp-config.json`. */
import path from 'node:path';
import Conf from 'conf';
import { PRIVATE_FILE_MODE } from './configFileHygiene';
import {
  MCP_CONFIG_DEFAULTS,
  MCP_CONFIG_NAME,
  openMcpConfigStore,
  type McpConfigStore,
  type OpenMcpConfigStoreOptions,
} from './McpConfigStore';

export function openConfMcpConfigStore(configDir: string, options?: OpenMcpConfigStoreOptions): McpConfigStore {
  return openMcpConfigStore(path.join(configDir, `${MCP_CONFIG_NAME}.json`), () => {
    const conf = new Conf<Record<string, unknown>>({
      cwd: configDir,
      configName: MCP_CONFIG_NAME,
      defaults: { ...MCP_CONFIG_DEFAULTS },
      // Record fields may contain dots (env names, header names); never treat them as paths.
      accessPropertiesByDotNotation: false,
      // Private even with env and header values held by reference: args and URLs can carry credentials. conf's temp files get this mode too.
      configFileMode: PRIVATE_FILE_MODE,
    });
    return conf;
  }, options);
}
