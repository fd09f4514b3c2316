/**
 * Remembers a failed Electron download for a few hours. A machine that cannot reach the download
 * host would otherwise try again, and wait, on every `npm start`. The memory names the Electron
 * version it is about, so installing another version tries at once; deleting the file does too.
 */
import fs from 'node:fs';
import path from 'node:path';

export const RETRY_AFTER_MS = 4 * 60 * 60_000;

/** What the installer's errors mean when the download host cannot be reached at all. */
const UNREACHABLE = /fetch failed|getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT|socket hang up/i;

/**
 * Why the installer failed, in words: its first stderr line says it only as an exception
 * (`TypeError: fetch failed`), and a timed-out installer says nothing.
 * @param {string} firstLine the installer's first non-empty stderr line ('' when it printed none)
 * @param {boolean} timedOut whether the installer was stopped for taking too long
 */
export function downloadFailureReason(firstLine, timedOut) {
  if (timedOut) return 'the download took too long';
  if (UNREACHABLE.test(firstLine)) return 'no network connection to its download host';
  return firstLine.trim() || 'the installer gave no reason';
}

/**
 * The remembered failure for `version`, while it holds; anything unreadable, stale, about another
 * version, or further ahead than the window (the clock was turned back) means "try".
 * @returns {{ reason: string, retryAt: number } | undefined}
 */
export function rememberedFailure(file, version, now = Date.now()) {
  let saved;
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const { reason, retryAt } = saved ?? {};
  if (saved?.version !== version || typeof reason !== 'string' || typeof retryAt !== 'number') return undefined;
  return retryAt > now && retryAt <= now + RETRY_AFTER_MS ? { reason, retryAt } : undefined;
}

/** @returns {{ reason: string, retryAt: number }} */
export function rememberFailure(file, version, reason, now = Date.now()) {
  const retryAt = now + RETRY_AFTER_MS;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ version, reason, failedAt: new Date(now).toISOString(), retryAt }, null, 2)}\n`);
  return { reason, retryAt };
}

export function forgetFailure(file) {
  fs.rmSync(file, { force: true });
}

/** The failure as a clause (it follows "because" and "SKIPPING …:"), with the local time of the next try. */
export function describeFailure({ reason, retryAt }) {
  const at = new Date(retryAt);
  const time = [at.getHours(), at.getMinutes()].map((n) => String(n).padStart(2, '0')).join(':');
  return `Electron could not be downloaded (${reason}); npm start tries again after ${time}`;
}
