import { describe, expect, it } from 'vitest';
import { base64Bytes, base64Size, fileNameFor, isMediaType, readBlock } from './contentBlocks';
import { checkOutput } from './outputSchemaCheck';

describe('content blocks', () => {
  it('reads each MCP block type, and anything incomplete as unknown', () => {
    expect(readBlock({ type: 'text', text: 'a' })).toEqual({ kind: 'text', text: 'a' });
    expect(readBlock({ type: 'image', data: 'AA==', mimeType: 'image/png' })).toMatchObject({ kind: 'image' });
    expect(readBlock({ type: 'resource', resource: { uri: 'x://a', blob: 'AA==' } })).toEqual({ kind: 'resource', uri: 'x://a', mimeType: undefined, blob: 'AA==' });
    expect(readBlock({ type: 'resource_link', uri: 'x://a', name: 'a' })).toMatchObject({ kind: 'resource_link', uri: 'x://a', name: 'a' });
    for (const broken of [{ type: 'text' }, { type: 'audio', data: 'AA==' }, { type: 'resource', resource: { uri: 'x://a' } }, { type: 'resource_link' }, null, 'text']) {
      expect(readBlock(broken)).toMatchObject({ kind: 'unknown' });
    }
  });

  it('knows the decoded size of base64 without decoding it', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 100]) {
      const data = btoa('x'.repeat(bytes));
      expect(base64Size(data)).toBe(bytes);
      expect(base64Bytes(data)).toHaveLength(bytes);
    }
    expect(() => base64Bytes('***')).toThrow();
  });

  it('puts only a plain media type of the right family in a data URL', () => {
    expect(isMediaType('image/png', 'image')).toBe(true);
    expect(isMediaType('image/svg+xml', 'image')).toBe(true);
    expect(isMediaType('text/html', 'image')).toBe(false);
    expect(isMediaType('image/png;base64,AAAA#', 'image')).toBe(false);
    expect(isMediaType('audio/wav', 'image')).toBe(false);
  });

  it('names saved files after the resource, else the tool, with the type’s extension, never a path', () => {
    expect(fileNameFor('search-1', 'image/jpeg')).toBe('search-1.jpg');
    expect(fileNameFor('read-1', 'application/pdf', 'file:///out/My%20Report.pdf?x=1')).toBe('My Report.pdf');
    expect(fileNameFor('read-1', 'text/plain', 'fixture://readme')).toBe('readme.txt');
    expect(fileNameFor('read-1', undefined, 'x://a/..%2F..%2Fetc%2Fpasswd')).toBe('_.._etc_passwd.bin');
    expect(fileNameFor('read-1', 'application/x-unknown', 'x://')).toBe('read-1.bin');
  });
});

describe('checkOutput', () => {
  const schema = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'], additionalProperties: false };

  it('accepts a matching value and reports the innermost failures of one that is not', () => {
    expect(checkOutput(schema, { sum: 3 })).toEqual({ status: 'valid' });
    const bad = checkOutput(schema, { sum: 'x', extra: true });
    expect(bad.status).toBe('invalid');
    if (bad.status !== 'invalid') return;
    expect(bad.issues.map((i) => i.path).sort()).toEqual(['', '/sum']);
    expect(bad.issues.find((i) => i.path === '/sum')?.message).toMatch(/"string".*"number"/);
    expect(bad.issues.find((i) => i.path === '')?.message).toContain('extra');
  });

  it('reads the draft a schema names (draft-07 tuple items differ from 2020-12)', () => {
    const tuple = { type: 'array', items: [{ type: 'number' }] };
    expect(checkOutput({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple }, ['x']).status).toBe('invalid');
  });

  it('calls a schema it cannot use unusable, not a mismatch', () => {
    expect(checkOutput({ $ref: '#/$defs/missing' }, {})).toMatchObject({ status: 'unusable' });
  });
});
