import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, describeIssues, errorMessage, issueFields, toErrorShape, validationFailure } from './errors';

const ServerSchema = z.strictObject({ name: z.string(), config: z.object({ args: z.array(z.string()) }) });

function issuesOf(value: unknown) {
  const parsed = ServerSchema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to be rejected');
  return parsed.error.issues;
}

describe('describeIssues', () => {
  const issues = issuesOf({ name: 1, config: { args: ['-y', 2] } });

  it('writes object keys dotted and array indices in brackets', () => {
    expect(describeIssues(issues)).toBe(
      'name: Invalid input: expected string, received number; config.args[1]: Invalid input: expected string, received number',
    );
  });

  it('heads every path with the subject', () => {
    expect(describeIssues(issuesOf({ config: { args: [] } }), 'servers[1]')).toBe('servers[1].name: Invalid input: expected string, received undefined');
    expect(describeIssues(z.array(z.string()).safeParse(['a', 3]).error?.issues ?? [], 'tools')).toBe(
      'tools[1]: Invalid input: expected string, received number',
    );
  });

  it('gives an issue about the whole value as its message, or after the subject', () => {
    const root = issuesOf('not an object');
    expect(describeIssues(root)).toBe('Invalid input: expected object, received string');
    expect(describeIssues(root, 'entry')).toBe('entry: Invalid input: expected object, received string');
  });
});

describe('validationFailure', () => {
  it('carries dotted field paths for forms and the described issues in its message', () => {
    const error = validationFailure(issuesOf({ name: 'x', config: { args: [3] }, extra: true }), 'mcp.add');
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.data?.issues).toEqual([
      { path: 'config.args.0', message: 'Invalid input: expected string, received number' },
      { path: '', message: 'Unrecognized key: "extra"' },
    ]);
    expect(error.message).toBe('Invalid input for mcp.add: config.args[0]: Invalid input: expected string, received number; Unrecognized key: "extra"');
  });

  it('issueFields flattens the same way', () => {
    expect(issueFields(issuesOf({ name: 'x', config: {} }))).toEqual([{ path: 'config.args', message: 'Invalid input: expected array, received undefined' }]);
  });
});

describe('errorMessage', () => {
  it("is an Error's message and anything else as a string", () => {
    expect(errorMessage(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
  });

  it('toErrorShape keeps AppError codes and makes the rest INTERNAL', () => {
    expect(toErrorShape(new AppError('NOT_FOUND', 'gone'))).toEqual({ code: 'NOT_FOUND', message: 'gone' });
    expect(toErrorShape(new Error('boom'))).toEqual({ code: 'INTERNAL', message: 'boom' });
  });
});
