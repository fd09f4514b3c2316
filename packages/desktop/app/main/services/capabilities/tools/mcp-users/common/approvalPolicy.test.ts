import { describe, expect, it } from 'vitest';
import type { McpToolAnnotations } from '@shared/contracts/mcp-types';
import { appCallVerdict, approvalVerdict, canRememberApproval, isDestructive, type ApprovalVerdict } from './approvalPolicy';

type Cell = string;
const show = (v: ApprovalVerdict): Cell => (v.auto ? 'auto' : v.reason);

/**
 * Every annotation shape that matters × trust × "allow for this chat". Columns: neither, remembered,
 * trusted, trusted and remembered. A listed tool is checked for all four below: it always asks.
 */
const TABLE: [string, McpToolAnnotations | undefined, [Cell, Cell, Cell, Cell]][] = [
  ['no annotations', undefined, ['untrusted', 'auto', 'unknown', 'auto']],
  ['empty annotations', {}, ['untrusted', 'auto', 'unknown', 'auto']],
  ['only a title', { title: 'T' }, ['untrusted', 'auto', 'unknown', 'auto']],
  // Annotations are the server's own claims: on a server nobody trusted, none of them lets a call run.
  ['read-only, closed world', { readOnlyHint: true, openWorldHint: false }, ['untrusted', 'auto', 'auto', 'auto']],
  ['read-only, world unsaid', { readOnlyHint: true }, ['untrusted', 'auto', 'auto', 'auto']],
  ['read-only, open world', { readOnlyHint: true, openWorldHint: true }, ['untrusted', 'auto', 'auto', 'auto']],
  // Contradictory hints count as the worse one, trusted or not.
  ['read-only and destructive at once', { readOnlyHint: true, destructiveHint: true, openWorldHint: false }, ['destructive', 'auto', 'destructive', 'auto']],
  ['writes, not destructive', { readOnlyHint: false, destructiveHint: false }, ['untrusted', 'auto', 'not_read_only', 'auto']],
  ['writes, destructiveness unsaid', { readOnlyHint: false }, ['untrusted', 'auto', 'not_read_only', 'auto']],
  ['writes, destructive', { readOnlyHint: false, destructiveHint: true }, ['destructive', 'auto', 'destructive', 'auto']],
  ['destructive, read-only unsaid', { destructiveHint: true }, ['destructive', 'auto', 'destructive', 'auto']],
  ['destructive and closed world', { destructiveHint: true, openWorldHint: false }, ['destructive', 'auto', 'destructive', 'auto']],
  ['idempotent only', { idempotentHint: true }, ['untrusted', 'auto', 'unknown', 'auto']],
  ['closed world only', { openWorldHint: false }, ['untrusted', 'auto', 'unknown', 'auto']],
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

  it('believes destructiveHint even on a tool that also claims to be read-only', () => {
    expect(isDestructive({ destructiveHint: true })).toBe(true);
    expect(isDestructive({ readOnlyHint: true, destructiveHint: true })).toBe(true);
    expect(isDestructive({ readOnlyHint: true })).toBe(false);
    expect(isDestructive(undefined)).toBe(false);
  });

  it('offers "allow for this chat" except where the person asked to be asked every time', () => {
    expect(canRememberApproval('listed')).toBe(false);
    for (const reason of ['destructive', 'untrusted', 'unknown', 'not_read_only'] as const) expect(canRememberApproval(reason)).toBe(true);
  });
});

describe('appCallVerdict (an MCP App calling its own server, issue 32)', () => {
  it.each(TABLE)('%s', (_name, annotations) => {
    // Only a destructive claim asks; read-only or not, trusted or not does not matter for an app's own view.
    expect(show(appCallVerdict({ annotations, listed: false }))).toBe(isDestructive(annotations) ? 'destructive' : 'auto');
    expect(show(appCallVerdict({ annotations, listed: true }))).toBe('listed');
  });
});
