/**
 * Makes a running app notice what another process (the CLI, a second window) wrote to the
 * config file: on a change the store reads the file again, and the store reports what differs
 * from what this process last read or wrote (so our own writes do not echo back).
 *
 * The folder is watched, not the file: an atomic write replaces the file's inode by rename, and
 * a watch on the old inode would go quiet after the first write.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { McpConfigStore } from './McpConfigStore';

export interface ConfigWatcher {
  close(): void;
}

/**
 * Changes are coalesced: the first event schedules one re-read `delayMs` later and events until
 * then join it, so a burst of writes (a CLI loop) costs one read, and a steady stream of them
 * cannot postpone the read forever.
 */
export function watchConfigFile(store: Pick<McpConfigStore, 'path' | 'refresh'>, { delayMs = 100 } = {}): ConfigWatcher {
  const baseName = path.basename(store.path);
  let timer: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;

  const reread = () => {
    timer = undefined;
    try {
      store.refresh();
    } catch {
      // A failed re-read (the lock timed out, the folder is unreadable) changes nothing here;
      // the next route that reads the store meets the same error and reports its code.
    }
  };
  const close = () => {
    clearTimeout(timer);
    timer = undefined;
    watcher?.close();
    watcher = undefined;
  };

  try {
    watcher = fs.watch(path.dirname(store.path), { persistent: false }, (_event, filename) => {
      // Lock, temp and set-aside files live beside the config; only the config itself matters.
      // Some platforms report no name; then any change in the folder counts.
      if (filename && filename !== baseName) return;
      timer ??= setTimeout(reread, delayMs).unref();
    });
    // The folder itself went away: nothing left to watch, and reads report the missing file.
    watcher.on('error', close);
  } catch {
    // Watching is unavailable (the folder is gone, no inotify watches left): the list still
    // reloads on the person's Refresh, as before.
  }
  return { close };
}
