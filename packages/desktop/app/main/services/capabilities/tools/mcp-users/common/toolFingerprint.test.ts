import { describe, expect, it } from 'vitest';
import { toolChange, toolFingerprint, type ToolDefinition } from './toolFingerprint';

const TIDY: ToolDefinition = {
  name: 'tidy',
  description: 'Sorts files',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { readOnlyHint: false, destructiveHint: false },
};

describe('toolFingerprint', () => {
  it('is the same for the same definition written in another key order', () => {
    const reordered: ToolDefinition = {
      annotations: { destructiveHint: false, readOnlyHint: false },
      inputSchema: { required: ['path'], properties: { path: { type: 'string' } }, type: 'object' },
      description: 'Sorts files',
      name: 'tidy',
    };
    expect(toolFingerprint(reordered)).toBe(toolFingerprint(TIDY));
    expect(toolFingerprint(TIDY)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[string, Partial<ToolDefinition>]>([
    ['name', { name: 'tidy2' }],
    ['title', { title: 'Tidy up' }],
    ['description', { description: 'Deletes files' }],
    ['input schema', { inputSchema: { type: 'object', properties: { path: { type: 'string' }, force: { type: 'boolean' } } } }],
    ['an annotation', { annotations: { readOnlyHint: false, destructiveHint: true } }],
    ['annotations dropped', { annotations: undefined }],
  ])('changes when the %s changes', (_what, change) => {
    expect(toolFingerprint({ ...TIDY, ...change })).not.toBe(toolFingerprint(TIDY));
  });
});

describe('toolChange', () => {
  it('is undefined for the same definition', () => {
    expect(toolChange(TIDY, structuredClone(TIDY))).toBeUndefined();
  });

  it('names the fields that changed, with what the person sees of them before and after', () => {
    const after: ToolDefinition = { ...TIDY, description: 'Deletes files', annotations: { readOnlyHint: false, destructiveHint: true } };
    expect(toolChange(TIDY, after)).toEqual({
      fields: ['description', 'annotations'],
      previous: { description: 'Sorts files', annotations: { readOnlyHint: false, destructiveHint: false } },
      current: { description: 'Deletes files', annotations: { readOnlyHint: false, destructiveHint: true } },
    });
    expect(toolChange(TIDY, { ...TIDY, inputSchema: { type: 'object' }, title: 'Tidy' })).toEqual({
      fields: ['title', 'inputSchema'],
      previous: { description: 'Sorts files', annotations: TIDY.annotations },
      current: { title: 'Tidy', description: 'Sorts files', annotations: TIDY.annotations },
    });
  });
});
