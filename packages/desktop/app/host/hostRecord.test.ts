import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimHostRecord, hostProcessAlive, hostRecordPath, readHostRecord, removeHostRecord } from './hostRecord';

const TOKEN = 'a'.repeat(24);
const OTHER_TOKEN = 'b'.repeat(24);
// The parent of this test process: alive for the whole test, and not us.
const LIVE_OTHER = { kind: 'daemon', pid: process.ppid, port: 4000, token: OTHER_TOKEN, startedAt: 1 } as const;

describe('hostRecord', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'elftia-host-record-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records this process privately, with its start time, and reads it back', () => {
    expect(claimHostRecord(dir, { kind: 'browser', port: 1234, token: TOKEN, startedAt: 5 })).toBe(true);
    expect(statSync(hostRecordPath(dir)).mode & 0o777).toBe(0o600);
    const record = readHostRecord(dir);
    expect(record).toMatchObject({ kind: 'browser', pid: process.pid, port: 1234, token: TOKEN, startedAt: 5 });
    expect(record?.startTime).toEqual(expect.any(String));
    expect(hostProcessAlive(record!)).toBe(true);
  });

  it('leaves the record of another live host alone, and takes over one whose process is gone', () => {
    writeFileSync(hostRecordPath(dir), JSON.stringify(LIVE_OTHER));
    expect(claimHostRecord(dir, { kind: 'daemon', port: 1, token: TOKEN, startedAt: 2 })).toBe(false);
    expect(readHostRecord(dir)?.token).toBe(OTHER_TOKEN);

    // Same pid, another start time: the pid was reused, the host that wrote it is gone.
    writeFileSync(hostRecordPath(dir), JSON.stringify({ ...LIVE_OTHER, startTime: 'not-its-start-time' }));
    expect(hostProcessAlive(readHostRecord(dir)!)).toBe(false);
    expect(claimHostRecord(dir, { kind: 'daemon', port: 1, token: TOKEN, startedAt: 2 })).toBe(true);
    expect(readHostRecord(dir)?.token).toBe(TOKEN);
  });

  it('removes only the record it names; an unreadable one names nobody and goes', () => {
    writeFileSync(hostRecordPath(dir), JSON.stringify(LIVE_OTHER));
    removeHostRecord(dir, { pid: process.pid, token: TOKEN });
    expect(readFileSync(hostRecordPath(dir), 'utf8')).toContain(OTHER_TOKEN);
    removeHostRecord(dir, { pid: LIVE_OTHER.pid, token: OTHER_TOKEN });
    expect(readHostRecord(dir)).toBeUndefined();

    writeFileSync(hostRecordPath(dir), '{"kind": "daemon", "pid": ');
    expect(readHostRecord(dir)).toBeUndefined();
    removeHostRecord(dir, { pid: process.pid, token: TOKEN });
    expect(() => statSync(hostRecordPath(dir))).toThrow();
  });
});
