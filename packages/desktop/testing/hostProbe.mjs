// Loaded into the host with `node --expose-gc --import hostProbe.mjs` by the resilience rig
// (resilienceKit.ts): every few seconds it writes the host's heap after a full collection and its
// count of active handles to ELFTIA_PROBE_FILE, figures only the process itself can see. The timer
// is unref'd, so it never keeps the host alive; the write is atomic, so a reader never sees half.
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.ELFTIA_PROBE_FILE;
const EVERY_MS = 5_000;

function sample() {
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  const handles = process._getActiveHandles().length;
  try {
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), heapUsed, rss, handles }));
    renameSync(`${file}.tmp`, file);
  } catch {
    // The folder went away while the host shuts down.
  }
}

if (file) {
  setTimeout(sample, 500).unref();
  setInterval(sample, EVERY_MS).unref();
}
