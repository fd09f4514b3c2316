import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeFailure,
  downloadFailureReason,
  forgetFailure,
  rememberedFailure,
  rememberFailure,
  RETRY_AFTER_MS,
} from './electronDownloadMemory.mjs';

const HOUR = 60 * 60_000;
/** 21:05 local time, so the clock time in messages does not depend on the time zone. */
const NOW = new Date(2025, 0, 2, 21, 5).getTime();

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-download-memory-'));
  file = path.join(dir, 'cache', 'elftia', 'electron-download.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('remembering a failed Electron download', () => {
  it('holds a failure for the window, then lets the next start try again', () => {
    expect(rememberedFailure(file, '45.5.0', NOW)).toBeUndefined();
    const saved = rememberFailure(file, '45.5.0', 'no network connection to its download host', NOW);
    expect(saved).toEqual({ reason: 'no network connection to its download host', retryAt: NOW + RETRY_AFTER_MS });
    expect(rememberedFailure(file, '45.5.0', NOW + HOUR)).toEqual(saved);
    expect(rememberedFailure(file, '45.5.0', NOW + RETRY_AFTER_MS - 1)).toEqual(saved);
    expect(rememberedFailure(file, '45.5.0', NOW + RETRY_AFTER_MS)).toBeUndefined();
  });

  it('is about one Electron version: installing another tries at once', () => {
    rememberFailure(file, '45.5.0', 'no network connection to its download host', NOW);
    expect(rememberedFailure(file, '45.6.0', NOW + HOUR)).toBeUndefined();
  });

  it('ignores a memory the clock has moved back past, and files it cannot read', () => {
    rememberFailure(file, '45.5.0', 'no network connection to its download host', NOW);
    expect(rememberedFailure(file, '45.5.0', NOW - HOUR)).toBeUndefined();
    fs.writeFileSync(file, '{"version":"45.5.0","reason":');
    expect(rememberedFailure(file, '45.5.0', NOW)).toBeUndefined();
    fs.writeFileSync(file, 'null');
    expect(rememberedFailure(file, '45.5.0', NOW)).toBeUndefined();
  });

  it('forgets after a successful download', () => {
    rememberFailure(file, '45.5.0', 'the download took too long', NOW);
    forgetFailure(file);
    expect(rememberedFailure(file, '45.5.0', NOW)).toBeUndefined();
    expect(() => forgetFailure(file)).not.toThrow();
  });
});

describe('saying why', () => {
  it('puts the installer exceptions of an unreachable host into words', () => {
    for (const line of ['TypeError: fetch failed', 'Error: getaddrinfo ENOTFOUND github.com', 'RequestError: connect ECONNREFUSED 1.2.3.4:443']) {
      expect(downloadFailureReason(line, false)).toBe('no network connection to its download host');
    }
    expect(downloadFailureReason('', true)).toBe('the download took too long');
    expect(downloadFailureReason('Error: Generated checksum for "electron.zip" did not match', false)).toBe(
      'Error: Generated checksum for "electron.zip" did not match',
    );
    expect(downloadFailureReason('  ', false)).toBe('the installer gave no reason');
  });

  it('names the reason and the local time of the next try', () => {
    expect(describeFailure({ reason: 'no network connection to its download host', retryAt: NOW + 6 * HOUR })).toBe(
      'Electron could not be downloaded (no network connection to its download host); npm start tries again after 03:05',
    );
  });
});
