/**
 * Where the app keeps its configuration outside Electron (browser mode, CLI). It matches
 * Electron's `app.getPath('userData')` for this app, so the desktop app, browser mode and the
 * CLI read and write the same `mcp-config.json`.
 */
import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'elftia-mcp';

export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.ELFTIA_CONFIG_DIR) return path.resolve(env.ELFTIA_CONFIG_DIR);
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_DIR_NAME);
}
