import { describe, expect, it } from 'vitest';
import type { McpToolAnnotations } from '../../../../../../shared/contracts/mcp-types';
import { approvalVerdict, canRememberApproval, isDestructive, type ApprovalVerdict } from './approvalPolicy';

type Cell = string;
const show = (v: ApprovalVerdict): Cell => (v.auto ? 'auto' : v.reason);

/**
 * Every annotation shape that matters × trust × "allow for this chat". Columns: neither, remembered,
 * trusted, trusted and remembered. A listed tool is checked for all four below: it always asks.
 */
const TABLE: [string, McpToolAnnotations | undefined, [Cell, Cell, Cell, Cell]][] = [
  ['no annotations', undefined, ['unknown', 'auto', 'auto', 'auto']],
  ['empty annotations', {}, ['unknown', 'auto', 'auto', 'auto']],
  ['only a title', { title: 'T' }, ['unknown', 'auto', 'auto', 'auto']],
  ['read-only, closed world', { readOnlyHint: true, openWorldHint: false }, ['auto', 'auto', 'auto', 'auto']],
  ['read-only, world unsaid (spec default: open)', { readOnlyHint: true }, ['open_world', 'auto', 'auto', 'auto']],
  ['read-only, open world', { readOnlyHint: true, openWorldHint: true }, ['open_world', 'auto', 'auto', 'auto']],
  ['read-only with a meaningless destructiveHint', { readOnlyHint: true, destructiveHint: true, openWorldHint: false }, ['auto', 'auto', 'auto', 'auto']],
  ['writes, not destructive', { readOnlyHint: false, destructiveHint: false }, ['not_read_only', 'auto', 'auto', 'auto']],
  ['writes, destructiveness unsaid', { readOnlyHint: false }, ['not_read_only', 'auto', 'auto', 'auto']],
  ['writes, destructive', { readOnlyHint: false, destructiveHint: true }, ['destructive', 'auto', 'destructive', 'auto']],
  ['destructive, read-only unsaid', { destructiveHint: true }, ['destructive', 'auto', 'destructive', 'auto']],
  ['destructive and closed world', { destructiveHint: true, openWorldHint: false }, ['destructive', 'auto', 'destructive', 'auto']],
  ['idempotent only', { idempotentHint: true }, ['unknown', 'auto', 'auto', 'auto']],
  ['closed world only', { openWorldHint: false }, ['unknown', 'auto', 'auto', 'auto']],
];

const COLUMNS = [
  { trusted: false, remembered: false },
  { trusted: false, remembered: true },
  { trusted: true, remembered: false },
  { trusted: true, remembered: true },
];

describe('approvalVerdict', () => {
  it.each(TABLE)('%s', (_name, annotations, expected) => {
    expect(COLUMNS.map((c) => show(approvalVerdict({ annotations, listed: false, ...c })))).toEqual(expected);
    // Listed in disabledAutoApproveTools: asks whatever else is true.
    expect(COLUMNS.map((c) => show(approvalVerdict({ annotations, listed: true, ...c })))).toEqual(['listed', 'listed', 'listed', 'listed']);
  });

  it('reads destructiveHint only on a tool that is not read-only', () => {
    expect(isDestructive({ destructiveHint: true })).toBe(true);
    expect(isDestructive({ readOnlyHint: true, destructiveHint: true })).toBe(false);
    expect(isDestructive(undefined)).toBe(false);
  });

  it('offers "allow for this chat" except where the person asked to be asked every time', () => {
    expect(canRememberApproval('listed')).toBe(false);
    for (const reason of ['destructive', 'unknown', 'open_world', 'not_read_only'] as const) expect(canRememberApproval(reason)).toBe(true);
  });
});
