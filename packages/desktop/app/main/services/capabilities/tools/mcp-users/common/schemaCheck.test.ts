import { describe, expect, it } from 'vitest';
import { argumentIssues } from './schemaCheck';

const schema = {
  type: 'object',
  properties: { text: { type: 'string' }, opts: { type: 'object', properties: { 'a/b': { type: 'number' } } } },
  required: ['text'],
};

describe('argumentIssues', () => {
  it('puts each issue on the argument it is about', () => {
    expect(argumentIssues(schema, { text: 'hi' })).toEqual([]);
    expect(argumentIssues(schema, {}).map((i) => i.path)).toEqual(['arguments.text']);
    expect(argumentIssues(schema, { text: 3, opts: { 'a/b': 'x' } }).map((i) => i.path).sort()).toEqual(['arguments.opts.a/b', 'arguments.text']);
  });

  it('checks nothing against a schema it cannot use (the server judges the call)', () => {
    expect(argumentIssues({ $ref: '#/nowhere' }, { any: 1 })).toEqual([]);
  });
});
