/**
 * The connection pool's settings a person can change where the app starts: how many servers
 * connect at once, and how long npx may take to download a server's package. Browser mode takes
 * them as flags (`--connect-concurrency N`, `--download-timeout S`), every entry point (the app,
 * browser mode, the CLI) from the environment, as ELFTIA_PORT and ELFTIA_CONFIG_DIR are taken.
 */
import type { McpServiceOptions } from './capabilities/tools/mcp-users/McpService';

export const POOL_SETTINGS_ENV = {
  connectConcurrency: 'ELFTIA_CONNECT_CONCURRENCY',
  downloadTimeout: 'ELFTIA_DOWNLOAD_TIMEOUT',
} as const;

/** Raw values, as typed: a flag's, else the environment's. */
export interface PoolSettingsText {
  connectConcurrency?: string | undefined;
  /** Seconds. */
  downloadTimeout?: string | undefined;
}

export type PoolSettings = Pick<McpServiceOptions, 'connectConcurrency' | 'downloadTimeoutMs'>;

/**
 * The settings given (flags first, then the environment); an absent one keeps the default. A bad
 * value is an error naming where it came from and what is allowed, never silently the default.
 */
export function poolSettings(flags: PoolSettingsText, env: NodeJS.ProcessEnv, flagNames?: Record<keyof PoolSettingsText, string>): PoolSettings {
  const pick = (key: keyof PoolSettingsText) => {
    const flag = flags[key];
    if (flag !== undefined) return { text: flag, from: flagNames?.[key] ?? key };
    const fromEnv = env[POOL_SETTINGS_ENV[key]];
    return fromEnv === undefined || fromEnv === '' ? undefined : { text: fromEnv, from: POOL_SETTINGS_ENV[key] };
  };
  const settings: PoolSettings = {};
  const concurrency = pick('connectConcurrency');
  if (concurrency) {
    const n = Number(concurrency.text);
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`${concurrency.from} must be a whole number from 1 to 1000 (servers connecting at once), got "${concurrency.text}"`);
    settings.connectConcurrency = n;
  }
  const download = pick('downloadTimeout');
  if (download) {
    const seconds = Number(download.text);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400) throw new Error(`${download.from} must be a number of seconds above 0 (at most a day), got "${download.text}"`);
    settings.downloadTimeoutMs = Math.round(seconds * 1000);
  }
  return settings;
}
