import { describe, expect, it } from 'vitest';
import { explainConnectFailure, explainDroppedConnection, isConnectHint, type ConnectFailureFacts } from './connectFailure';

const http = (more: Partial<ConnectFailureFacts>): ConnectFailureFacts => ({ code: 'MCP_CONNECT_FAILED', transport: 'http', ...more });
const sse = (more: Partial<ConnectFailureFacts>): ConnectFailureFacts => ({ code: 'MCP_CONNECT_FAILED', transport: 'sse', ...more });
const stdio = (more: Partial<ConnectFailureFacts>): ConnectFailureFacts => ({ code: 'MCP_CONNECT_FAILED', transport: 'stdio', ...more });

describe('explainConnectFailure', () => {
  it.each<[string, ConnectFailureFacts, ReturnType<typeof explainConnectFailure>]>([
    ['a missing command', { code: 'DEPS_MISSING', transport: 'stdio' }, { stage: 'spawn', hint: 'commandMissing' }],
    ['a missing project folder', stdio({ causeCode: 'WORKDIR_MISSING' }), { stage: 'spawn', hint: 'workdirMissing' }],
    ['npx naming a broken folder of its cache (it then exits)', stdio({ exitCode: 254, npxCacheDir: '/h/.npm/_npx/0123456789abcdef' }), { stage: 'download', hint: 'npxCacheBroken' }],
    ['npx still downloading at the limit', stdio({ code: 'MCP_TIMEOUT', downloading: true }), { stage: 'download', hint: 'downloadTimeout' }],
    ['a process that exited', stdio({ exitCode: 3, signal: null }), { stage: 'initialize', hint: 'exited' }],
    ['a process that exited with 0', stdio({ exitCode: 0 }), { stage: 'initialize', hint: 'exited' }],
    ['a process killed by a signal', stdio({ exitCode: null, signal: 'SIGKILL' }), { stage: 'initialize', hint: 'killed' }],
    ['a program printing non-JSON that exited', stdio({ exitCode: 0, stdoutSample: 'Usage: foo' }), { stage: 'initialize', hint: 'notMcpOutputExited' }],
    ['a program printing non-JSON that timed out', stdio({ code: 'MCP_TIMEOUT', stdoutSample: 'hello' }), { stage: 'initialize', hint: 'notMcpOutput' }],
    ['a wrong Streamable HTTP path', http({ httpStatus: 404, urlPath: '/api' }), { stage: 'reach', hint: 'endpointNotFound', expectedPath: '/mcp' }],
    ['a wrong SSE path', sse({ httpStatus: 404, urlPath: '/events' }), { stage: 'reach', hint: 'endpointNotFound', expectedPath: '/sse' }],
    ['SSE refused with 400', sse({ httpStatus: 400, urlPath: '/mcp' }), { stage: 'reach', hint: 'sseTryHttp' }],
    ['SSE refused with 405', sse({ httpStatus: 405, urlPath: '/' }), { stage: 'reach', hint: 'sseTryHttp' }],
    ['SSE at an /mcp path that is not found', sse({ httpStatus: 404, urlPath: '/mcp/' }), { stage: 'reach', hint: 'sseTryHttp' }],
    ['Streamable HTTP refused with 405', http({ httpStatus: 405, urlPath: '/mcp' }), { stage: 'reach', hint: 'httpTrySse' }],
    ['Streamable HTTP at an /sse path', http({ httpStatus: 404, urlPath: '/sse' }), { stage: 'reach', hint: 'httpTrySse' }],
    ['a 401', http({ httpStatus: 401 }), { stage: 'reach', hint: 'unauthorized' }],
    ['a 403', sse({ httpStatus: 403 }), { stage: 'reach', hint: 'forbidden' }],
    ['a 502', http({ httpStatus: 502 }), { stage: 'reach', hint: 'serverError' }],
    ['a 418', http({ httpStatus: 418 }), { stage: 'reach', hint: 'httpStatus' }],
    ['a WebSocket 404 (no usual path)', { code: 'MCP_CONNECT_FAILED', transport: 'websocket', httpStatus: 404 }, { stage: 'reach', hint: 'httpStatus' }],
    ['a web page instead of MCP', http({ contentType: 'text/html' }), { stage: 'reach', hint: 'notMcpHttp' }],
    ['nothing listening', http({ causeCode: 'ECONNREFUSED' }), { stage: 'reach', hint: 'refused' }],
    ['an unknown host', sse({ causeCode: 'ENOTFOUND' }), { stage: 'reach', hint: 'hostNotFound' }],
    ['a bad certificate', http({ causeCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), { stage: 'reach', hint: 'tls' }],
    ['a reset socket', http({ causeCode: 'ECONNRESET' }), { stage: 'reach' }],
    ['a handshake timeout', stdio({ code: 'MCP_TIMEOUT' }), { stage: 'initialize', hint: 'timeout' }],
    ['nothing more known', stdio({}), { stage: 'initialize' }],
  ])('%s', (_name, facts, expected) => {
    expect(explainConnectFailure(facts)).toEqual(expected);
  });

  it('recognises its own hint codes only', () => {
    expect(isConnectHint('sseTryHttp')).toBe(true);
    expect(isConnectHint('toString')).toBe(false);
    expect(isConnectHint(3)).toBe(false);
  });
});

describe('explainDroppedConnection', () => {
  it.each<[string, Parameters<typeof explainDroppedConnection>[0], ReturnType<typeof explainDroppedConnection>]>([
    ['a program that crashed', { exitCode: 1, signal: null }, { hint: 'exitedWhileConnected' }],
    ['a program that exited cleanly', { exitCode: 0, signal: null }, { hint: 'exitedWhileConnected' }],
    ['a program killed by a signal', { exitCode: null, signal: 'SIGKILL' }, { hint: 'killedWhileConnected' }],
    ['a remote stream that closed', {}, {}],
  ])('%s: no connect stage, and never "before it answered"', (_name, facts, expected) => {
    expect(explainDroppedConnection(facts)).toEqual(expected);
  });
});
