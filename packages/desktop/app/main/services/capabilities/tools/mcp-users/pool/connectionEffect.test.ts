import { describe, expect, it } from 'vitest';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { connectionEffect, type ConnectionEffect } from './connectionEffect';

const base: McpServerRecord = {
  id: 'mcp_1',
  name: 'files',
  type: 'stdio',
  config: { command: 'node', args: ['server.js'] },
  isActive: true,
  scope: 'user',
} as McpServerRecord;

type Change = 'none' | 'config' | 'type';
type Row = [activeBefore: boolean, activeAfter: boolean, settings: Change, rootsChanged: boolean, connected: boolean, expected: ConnectionEffect];

function records([activeBefore, activeAfter, settings, rootsChanged]: Row): [McpServerRecord, McpServerRecord] {
  const before = { ...base, isActive: activeBefore };
  const after: McpServerRecord = {
    ...base,
    isActive: activeAfter,
    ...(settings === 'config' && { config: { ...base.config, args: ['other.js'] } }),
    ...(settings === 'type' && { type: 'websocket' as const }),
    ...(rootsChanged && { scope: 'local' as const, projectPath: '/work/project' }),
  };
  return [before, after];
}

/**
 * The expected effect of every combination, written out rather than computed so the table states
 * the rules on its own. Key: activeBefore, activeAfter, settings (config or type) changed, roots
 * (scope/projectPath) changed, connected; 1 = yes.
 */
const EXPECTED: Record<string, ConnectionEffect> = {
  '00000': 'none',
  '00001': 'none',
  '00010': 'none',
  '00011': 'announce-roots',
  '00100': 'disconnect',
  '00101': 'disconnect',
  '00110': 'disconnect',
  '00111': 'disconnect',
  '01000': 'reconnect',
  '01001': 'reconnect',
  '01010': 'reconnect',
  '01011': 'reconnect',
  '01100': 'reconnect',
  '01101': 'reconnect',
  '01110': 'reconnect',
  '01111': 'reconnect',
  '10000': 'disconnect',
  '10001': 'disconnect',
  '10010': 'disconnect',
  '10011': 'disconnect',
  '10100': 'disconnect',
  '10101': 'disconnect',
  '10110': 'disconnect',
  '10111': 'disconnect',
  '11000': 'none',
  '11001': 'none',
  '11010': 'none',
  '11011': 'announce-roots',
  '11100': 'reconnect',
  '11101': 'reconnect',
  '11110': 'reconnect',
  '11111': 'reconnect',
};
const table: Row[] = [];
for (const activeBefore of [false, true])
  for (const activeAfter of [false, true])
    for (const settings of ['none', 'config', 'type'] as const)
      for (const roots of [false, true])
        for (const connected of [false, true])
          table.push([activeBefore, activeAfter, settings, roots, connected, EXPECTED[`${+activeBefore}${+activeAfter}${+(settings !== 'none')}${+roots}${+connected}`]!]);

describe('connectionEffect', () => {
  it('covers every combination once', () => {
    expect(table).toHaveLength(2 * 2 * 3 * 2 * 2);
    expect(new Set(Object.keys(EXPECTED)).size).toBe(32);
  });

  it.each(table)('active %s → %s, settings %s, roots changed %s, connected %s: %s', (...row) => {
    const [before, after] = records(row);
    expect(connectionEffect(before, after, row[4])).toBe(row[5]);
  });

  it('disconnects a server that now needs its activation review, whatever else changed (the pool refuses to connect it)', () => {
    const unreviewed = { ...base, installSource: 'protocol', isTrusted: false } as McpServerRecord;
    for (const isActive of [false, true]) {
      const reviewed = { ...unreviewed, isActive, reviewedAt: 1 } as McpServerRecord;
      expect(connectionEffect(reviewed, { ...unreviewed, isActive }, true)).toBe('disconnect');
      expect(connectionEffect({ ...base, isActive }, { ...unreviewed, isActive }, false)).toBe('disconnect');
    }
  });

  it('ignores changes that do not shape the connection (name, disabled tools)', () => {
    const after = { ...base, name: 'renamed', disabledTools: ['write'] } as McpServerRecord;
    expect(connectionEffect(base, after, true)).toBe('none');
  });
});
