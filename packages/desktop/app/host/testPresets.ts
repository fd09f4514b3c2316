/**
 * A test hook of the browser-mode host, for the Playwright suite only. The official presets run
 * `npx -y <package>` (a download), so an end-to-end install cannot use them; a spec writes a
 * preset-shaped fixture (e.g. the env fixture server) to a JSON file and starts the host with
 * `ELFTIA_TEST_PRESETS=<that file>`. The host adds those presets to the catalog after validating
 * them exactly as the official ones are, and says so on stderr. Nothing else reads the variable:
 * the Electron app and the CLI never do.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { OFFICIAL_MCP_PRESETS, OfficialMcpPresetSchema, type OfficialMcpPreset } from '../shared/mcp-presets';

export const TEST_PRESETS_ENV = 'ELFTIA_TEST_PRESETS';

/** The catalog: the official presets, plus the file's when the variable names one. Throws on a bad file. */
export function presetCatalog(env: NodeJS.ProcessEnv, warn: (line: string) => void): readonly OfficialMcpPreset[] {
  const file = env[TEST_PRESETS_ENV];
  if (!file) return OFFICIAL_MCP_PRESETS;
  const extra = z.array(OfficialMcpPresetSchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const clash = extra.find((preset) => OFFICIAL_MCP_PRESETS.some((official) => official.id === preset.id));
  if (clash) throw new Error(`${TEST_PRESETS_ENV}: "${clash.id}" is an official preset id`);
  warn(`Test mode: ${TEST_PRESETS_ENV} added ${extra.length} preset(s) from ${file}: ${extra.map((p) => p.id).join(', ')}`);
  return [...OFFICIAL_MCP_PRESETS, ...extra];
}
