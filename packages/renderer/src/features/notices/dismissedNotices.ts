/**
 * The notices the person dismissed, remembered in this browser/window: the host keeps listing a
 * notice for as long as it runs (and a standing one, such as keys kept without encryption, on
 * every start), so without this a reload brings back what was already read and closed.
 * A notice is known by its code and its text, which names its paths: a different file moved
 * aside, or keys kept somewhere else, is news again. Only the newest few are kept.
 */
import { z } from 'zod';
import type { AppNotice } from '@shared/contracts/ipc';

export const DISMISSED_NOTICES_KEY = 'elftia.notices.dismissed';
const KEEP = 50;

const StoredSchema = z.array(z.string().max(4000)).max(KEEP);

const fingerprint = (notice: AppNotice) => `${notice.code}\n${notice.message}`;

function load(): string[] {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(localStorage.getItem(DISMISSED_NOTICES_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function wasDismissed(notice: AppNotice): boolean {
  return load().includes(fingerprint(notice));
}

export function rememberDismissed(notice: AppNotice): void {
  const print = fingerprint(notice);
  try {
    localStorage.setItem(DISMISSED_NOTICES_KEY, JSON.stringify([...load().filter((p) => p !== print), print].slice(-KEEP)));
  } catch {
    // Storage full or denied: the notice is simply shown again next time.
  }
}
