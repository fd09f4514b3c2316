import { describe, expect, it } from 'vitest';
import { annotationTags } from './toolAnnotations';
import { schemaParameters } from './schemaParameters';

describe('annotationTags', () => {
  const keys = (a: Parameters<typeof annotationTags>[0]) => annotationTags(a).map((t) => t.key);

  it('shows only the hints the server declared, never the spec defaults', () => {
    expect(keys(undefined)).toEqual([]);
    expect(keys({})).toEqual([]);
    expect(keys({ title: 'Only a title' })).toEqual([]);
    expect(keys({ openWorldHint: true })).toEqual(['openWorld']);
  });

  it('shows destructive even beside read-only: contradictory hints count as destructive (approvalPolicy)', () => {
    expect(keys({ readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false })).toEqual(['readOnly', 'destructive', 'idempotent', 'closedWorld']);
    // A read-only tool's "not destructive" says nothing new, and stays out.
    expect(keys({ readOnlyHint: true, destructiveHint: false })).toEqual(['readOnly']);
  });

  it('names every declared hint of a tool that writes, destructive in red', () => {
    const tags = annotationTags({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    expect(tags).toEqual([
      { key: 'writes', color: 'gold' },
      { key: 'destructive', color: 'red' },
      { key: 'notIdempotent', color: 'default' },
      { key: 'openWorld', color: 'purple' },
    ]);
    expect(keys({ destructiveHint: false, idempotentHint: true })).toEqual(['nonDestructive', 'idempotent']);
  });
});

describe('schemaParameters', () => {
  it('lists top-level parameters with type, required mark and description, in schema order', () => {
    expect(
      schemaParameters({
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Where' },
          mode: { enum: ['r', 'w'] },
          tags: { type: 'array', items: { type: 'string' } },
          limit: { type: ['integer', 'null'] },
          filter: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          nested: { properties: { a: {} } },
          blank: { type: 'string', description: '   ' },
        },
        required: ['path', 'tags', 42],
      }),
    ).toEqual([
      { name: 'path', type: 'string', required: true, description: 'Where' },
      { name: 'mode', type: '"r" | "w"', required: false },
      { name: 'tags', type: 'string[]', required: true },
      { name: 'limit', type: 'integer | null', required: false },
      { name: 'filter', type: 'string | number', required: false },
      { name: 'nested', type: 'object', required: false },
      { name: 'blank', type: 'string', required: false },
    ]);
  });

  it('copes with schemas servers really send: no properties, junk (labels of refs and consts: typeLabel.test.ts)', () => {
    expect(schemaParameters({ type: 'object' })).toEqual([]);
    expect(schemaParameters({ type: 'object', properties: 'nope' as unknown as Record<string, unknown> })).toEqual([]);
  });
});
