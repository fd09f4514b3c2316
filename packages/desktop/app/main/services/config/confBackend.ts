/** The `conf` backend for browser mode, tests and the CLI: `{dir}/mcp-config.json`. */
import path from 'node:path';
import Conf from 'conf';
import { MCP_CONFIG_DEFAULTS, MCP_CONFIG_NAME, openMcpConfigStore, type McpConfigStore } from './McpConfigStore';

export function openConfMcpConfigStore(configDir: string): McpConfigStore {
  return openMcpConfigStore(path.join(configDir, `${MCP_CONFIG_NAME}.json`), () => {
    const conf = new Conf<Record<string, unknown>>({
      cwd: configDir,
      configName: MCP_CONFIG_NAME,
      defaults: { ...MCP_CONFIG_DEFAULTS },
      // Record fields may contain dots (env names, header names); never treat them as paths.
      accessPropertiesByDotNotation: false,
    });
    return conf;
  });
}
