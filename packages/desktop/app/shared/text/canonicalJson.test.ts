import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson';

describe('canonicalJson', () => {
  it('gives equal data the same text, whatever the key order, and different data different text', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson({ env: { A: '1' } })).not.toBe(canonicalJson({ env: { A: '2' } }));
  });

  it('leaves undefined members out as JSON.stringify does, and keeps array positions', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson(['x', null, true])).toBe('["x",null,true]');
    expect(canonicalJson('a\u202e"')).toBe(JSON.stringify('a\u202e"'));
  });
});
