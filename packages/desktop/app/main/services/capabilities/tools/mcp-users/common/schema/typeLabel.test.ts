import { describe, expect, it } from 'vitest';
import { typeLabel } from './typeLabel';

describe('typeLabel', () => {
  it('names the members of a union, as real servers write them (git, Notion, Playwright)', () => {
    // mcp-server-git's optional timestamps (pydantic): anyOf a type and null.
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }], default: null })).toBe('string | null');
    expect(typeLabel({ oneOf: [{ type: 'object', properties: { page_id: {} } }, { type: 'object', properties: { database_id: {} } }] })).toBe('object');
    expect(typeLabel({ anyOf: [{ enum: ['light', 'dark'] }, { type: 'null' }] })).toBe('"light" | "dark" | null');
    expect(typeLabel({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } })).toBe('(string | number)[]');
    // The CLI's argument summary is compact.
    expect(typeLabel({ anyOf: [{ type: 'integer' }, { type: 'null' }] }, '|')).toBe('integer|null');
  });

  it('says any only for a schema that says nothing', () => {
    expect(typeLabel({ $ref: '#/$defs/Point' })).toBe('Point');
    expect(typeLabel(true)).toBe('any');
    expect(typeLabel({})).toBe('any');
    expect(typeLabel({ const: 3 })).toBe('3');
  });
});
