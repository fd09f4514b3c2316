/**
 * The error data table (shared/errorData.ts) against what real producers put in `data`: a
 * reader gets the details through errorData() only if the producer's data fits its code's shape.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ERROR_DATA, errorData, errorIssues, serverFailureData } from '../../shared/errorData';
import { AppError, ERROR_CODES, validationFailure, type AppErrorShape } from '../../shared/errors';
import { checkExternalUrl } from '../../shared/externalUrl';
import { limitFacts, LIMITS, maxLength } from '../../shared/limits';
import { authErrorOf } from './capabilities/tools/mcp-users/auth/authErrors';
import { SignInRequired } from './capabilities/tools/mcp-users/auth/ElftiaOAuthProvider';
import { readImportEntries } from './capabilities/tools/mcp-users/common/importDialects';
import { toConnectError } from './capabilities/tools/mcp-users/pool/errors';
import { httpError, unreachable } from './chat/models/providerErrors';

const thrown = (run: () => unknown): AppError => {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('nothing was thrown');
};

describe('the error data table', () => {
  it('declares the data of every error code', () => {
    expect(Object.keys(ERROR_DATA).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("reads a code's data only for that code, and only in its shape", () => {
    const error = new AppError('CHAT_STEP_LIMIT', 'too many', { steps: 8 }).toShape();
    expect(errorData(error, 'CHAT_STEP_LIMIT')).toEqual({ steps: 8 });
    expect(errorData(error, 'CHAT_BUSY')).toBeUndefined();
    const misshapen: AppErrorShape = { code: 'CHAT_STEP_LIMIT', message: '', data: { steps: 'eight' } };
    expect(errorData(misshapen, 'CHAT_STEP_LIMIT')).toBeUndefined();
    expect(errorData(undefined, 'CHAT_STEP_LIMIT')).toBeUndefined();
  });

  it('fits what the producers put in data', () => {
    const schema = z.object({ name: z.string().min(1) });
    const invalid = validationFailure(schema.safeParse({ name: '' }).error!.issues, 'mcp.add');
    expect(errorData(invalid, 'VALIDATION_FAILED')).toMatchObject({ route: 'mcp.add', issues: [{ path: 'name' }] });
    expect(errorIssues(invalid)).toHaveLength(1);

    // A limit issue keeps its facts; facts this reader does not know drop the limit, never the issue.
    const tooLong = validationFailure(z.string().superRefine(maxLength('serverName')).safeParse('x'.repeat(LIMITS.serverName.max + 1)).error!.issues, 'mcp.add');
    expect(errorIssues(tooLong)).toEqual([{ path: '', message: expect.any(String), limit: limitFacts('serverName', LIMITS.serverName.max + 1) }]);
    const newer: AppErrorShape = { code: 'VALIDATION_FAILED', message: '', data: { issues: [{ path: 'name', message: 'too long', limit: { name: 'fromTheFuture', max: 1, got: 2, unit: 'parsecs' } }] } };
    expect(errorIssues(newer)).toEqual([{ path: 'name', message: 'too long' }]);

    const json = thrown(() => readImportEntries('{"mcpServers": {,}}'));
    expect(errorData(json, 'IMPORT_INVALID_JSON')).toMatchObject({ line: 1, column: expect.any(Number), reason: expect.any(String) });

    const refused = checkExternalUrl('javascript:alert(1)');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(errorData(refused.error, 'EXTERNAL_URL_REFUSED')).toMatchObject({ reason: 'scheme' });

    const signIn = authErrorOf(new SignInRequired('files:read'), 'Drive', undefined, 'id-1');
    expect(errorData(signIn, 'AUTH_REQUIRED')).toEqual({ serverName: 'Drive', serverId: 'id-1', scope: 'files:read', reason: 'insufficient_scope' });

    const context = { providerId: 'openai', provider: 'OpenAI', model: 'gpt-x' };
    expect(errorData(httpError(401, { error: { message: 'bad key' } }, context), 'LLM_KEY_REFUSED')).toMatchObject({ status: 401, detail: 'bad key' });
    expect(errorData(unreachable(new Error('getaddrinfo ENOTFOUND'), 'https://x.invalid', context), 'LLM_UNREACHABLE')).toMatchObject({ url: 'https://x.invalid' });
  });

  it('carries the connect explanation of a failed connect', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const failure = toConnectError(refused, { serverId: 's1', serverName: 'web', transport: 'http', url: 'http://127.0.0.1:9/mcp', stderrTail: [] });
    expect(failure.code).toBe('MCP_CONNECT_FAILED');
    expect(errorData(failure, 'MCP_CONNECT_FAILED')).toMatchObject({ serverName: 'web', stage: 'reach', hint: 'refused', address: '127.0.0.1:9' });
    expect(serverFailureData(failure)).toMatchObject({ hint: 'refused', stderrTail: [] });
  });
});
