/** The limits table itself: its numbers keep the reasons written beside them, and its checks say one thing once. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatSendInputSchema } from './contracts/chat';
import { checkServerLimits, cutText, groupDigits, HOST_BODY_MAX_BYTES, LIMITS, limitMessage, limitOf } from './limits';
import { OFFICIAL_MCP_PRESETS } from './mcp-presets';

const longest = (values: number[]) => Math.max(...values);

describe('the limits table', () => {
  it('takes every official preset as a server, with room to spare', () => {
    expect(LIMITS.serverName.max).toBeGreaterThanOrEqual(8 * longest(OFFICIAL_MCP_PRESETS.map((p) => p.name.length)));
    expect(LIMITS.record.max).toBeGreaterThanOrEqual(100 * longest(OFFICIAL_MCP_PRESETS.map((p) => JSON.stringify(p).length)));
  });

  it('lets the host read any request whose text is within its own limits', () => {
    // UTF-8 takes up to 3 bytes per UTF-16 unit, and JSON escapes quotes once more: 4 per character.
    const largestText = Math.max(LIMITS.importText.max, LIMITS.record.max, ChatSendInputSchema.shape.message.maxLength ?? 0);
    expect(HOST_BODY_MAX_BYTES).toBeGreaterThanOrEqual(4 * largestText);
  });

  it('says a limit the same way everywhere', () => {
    expect(limitMessage('serverName', 5 * 1024 * 1024)).toBe('at most 200 characters (got 5,242,880)');
    expect(limitMessage('envCount', 10_000)).toBe('at most 1,000 entries (got 10,000)');
    expect(limitMessage('envName', 300)).toBe('at most 256 characters in each name (got 300)');
    expect(limitMessage('record', 300_000)).toBe('the whole server is at most 262,144 characters as JSON (got 300,000)');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1_000_000)).toBe('1,000,000');
  });
});

describe('checkServerLimits', () => {
  const issues = (fields: Parameters<typeof checkServerLimits>[0]) => {
    const result = z.unknown().superRefine((_, ctx) => checkServerLimits(fields, ctx)).safeParse(null);
    return result.success ? [] : result.error.issues;
  };

  it('reports each field over its limit at its path, with the facts for a translation', () => {
    const found = issues({ name: 'n'.repeat(201), config: { args: ['a', 'b'.repeat(40_000)], headers: { ['H'.repeat(300)]: 'v' } } });
    expect(found.map((i) => [i.path.join('.'), limitOf(i)?.name])).toEqual([
      ['name', 'serverName'],
      ['config.args.1', 'argLength'],
      ['config.headers', 'headerName'],
    ]);
    expect(limitOf(found[0]!)).toEqual({ name: 'serverName', max: 200, got: 201, unit: 'characters' });
  });

  it('judges the whole only when every part is within, so one oversized value is one issue', () => {
    expect(issues({ name: 'n'.repeat(5_000_000) })).toHaveLength(1);
    const whole = issues({ config: { env: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`K${i}`, 'v'.repeat(30_000)])) } });
    expect(whole.map((i) => [i.path, limitOf(i)?.name])).toEqual([[[], 'record']]);
  });

  it('reports a map over its count once, not once per entry', () => {
    const env = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`K${i}`, 'v'.repeat(40_000)]));
    expect(issues({ config: { env } }).map((i) => limitOf(i)?.name)).toEqual(['envCount']);
  });
});

describe('cutText', () => {
  it('keeps a text within the limit as it is, and cuts a longer one, marked', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('x'.repeat(11), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
