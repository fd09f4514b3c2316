/**
 * The newest calls with their arguments and full results, for Activity's link from a row to what
 * the call returned. Bounded twice, because one screenshot tool can return megabytes: at most
 * `count` calls and `chars` characters of strings in all; the oldest go first, and a call larger
 * than the whole budget is not kept (asking for it is CALL_RECORD_GONE, as for one that was let go).
 */
import type { McpCallRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';

export interface CallRecordLimits {
  count: number;
  chars: number;
}

export const DEFAULT_CALL_RECORD_LIMITS: CallRecordLimits = { count: 200, chars: 8_000_000 };

/** Characters held in the strings of a value: what a result weighs, counted without serializing it. */
export function stringChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  let total = 0;
  for (const child of Array.isArray(value) ? value : Object.values(value)) total += stringChars(child);
  return total;
}

export class CallRecords {
  private readonly records = new Map<string, { record: McpCallRecord; chars: number }>();
  private chars = 0;

  constructor(private readonly limits: CallRecordLimits = DEFAULT_CALL_RECORD_LIMITS) {}

  add(record: McpCallRecord): void {
    const chars = stringChars(record.args) + stringChars(record.result) + stringChars(record.error);
    this.drop(record.callId);
    if (chars > this.limits.chars) return;
    this.records.set(record.callId, { record, chars });
    this.chars += chars;
    for (const [callId] of this.records) {
      if (this.records.size <= this.limits.count && this.chars <= this.limits.chars) break;
      this.drop(callId);
    }
  }

  get(callId: string): McpCallRecord {
    const kept = this.records.get(callId);
    if (!kept) throw new AppError('CALL_RECORD_GONE', `The host no longer keeps call ${callId}: it keeps the latest ${this.limits.count} calls`, { callId, count: this.limits.count });
    return kept.record;
  }

  /** How many calls and characters are kept (for tests and the budget). */
  get usage(): { count: number; chars: number } {
    return { count: this.records.size, chars: this.chars };
  }

  private drop(callId: string): void {
    const kept = this.records.get(callId);
    if (!kept) return;
    this.records.delete(callId);
    this.chars -= kept.chars;
  }
}
