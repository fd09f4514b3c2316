import { describe, expect, it } from 'vitest';
import type { McpCallRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { CallRecords, stringChars } from './CallRecords';

const record = (callId: string, text = ''): McpCallRecord => ({
  callId,
  serverId: 's',
  toolName: 't',
  origin: 'person',
  args: {},
  at: 0,
  durationMs: 1,
  result: { callId, isError: false, content: [{ type: 'text', text }], durationMs: 1 },
});

const gone = (records: CallRecords, callId: string) => {
  try {
    records.get(callId);
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.code : err;
  }
};

describe('CallRecords', () => {
  it('counts the characters in every string of a value', () => {
    expect(stringChars({ a: 'abc', b: [{ c: 'de' }, 1, null], d: true })).toBe(5);
  });

  it('keeps the newest calls up to the count, the oldest going first', () => {
    const records = new CallRecords({ count: 2, chars: 1_000 });
    for (const id of ['a', 'b', 'c']) records.add(record(id));
    expect(gone(records, 'a')).toBe('CALL_RECORD_GONE');
    expect(records.get('b').callId).toBe('b');
    expect(records.get('c').callId).toBe('c');
    expect(records.usage.count).toBe(2);
  });

  it('stays within the character budget, and keeps no call larger than all of it', () => {
    // Each call weighs its text plus 5 characters of ids and block types.
    const records = new CallRecords({ count: 100, chars: 30 });
    records.add(record('a', 'x'.repeat(12)));
    records.add(record('b', 'y'.repeat(12)));
    expect(gone(records, 'a')).toBe('CALL_RECORD_GONE');
    expect(records.usage).toEqual({ count: 1, chars: 17 });
    records.add(record('c', 'z'.repeat(26)));
    expect(gone(records, 'c')).toBe('CALL_RECORD_GONE');
    expect(records.get('b').result?.content).toEqual([{ type: 'text', text: 'y'.repeat(12) }]);
  });
});
