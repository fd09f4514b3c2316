import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLERS, installActionFor } from '../deps/installers';
import { CommandNotFoundError } from '../transports/StdioProcessTransport';
import { toConnectError } from './errors';

const ctx = { serverId: 'mcp_1_a', serverName: 'files' };

describe('toConnectError for a missing command', () => {
  it('carries the install action the UI and CLI offer', () => {
    const err = toConnectError(new CommandNotFoundError('uvx'), ctx);
    expect(err.code).toBe('DEPS_MISSING');
    expect(err.data).toMatchObject({ command: 'uvx', serverId: 'mcp_1_a' });
    expect(err.data?.install).toEqual(installActionFor('uvx', DEFAULT_INSTALLERS));
    expect(err.data?.install).toMatchObject({ kind: 'script' });
  });

  it('carries no action for a command no installer knows', () => {
    const err = toConnectError(new CommandNotFoundError('elftia-no-such-tool'), ctx);
    expect(err.data).toMatchObject({ command: 'elftia-no-such-tool' });
    expect(err.data).not.toHaveProperty('install');
  });
});

describe('toConnectError for a host that does not resolve', () => {
  it('names the host, not only the code', () => {
    // What fetch (undici) throws for an unknown host: a bare "fetch failed" whose cause is getaddrinfo's error.
    const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND mcp.example.invalid'), { errno: -3008, code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'mcp.example.invalid' });
    const err = toConnectError(new TypeError('fetch failed', { cause: lookup }), ctx);
    expect(err.message).toBe('Could not connect to "files": fetch failed (ENOTFOUND mcp.example.invalid)');
    // A socket error without a host keeps its code alone.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(toConnectError(new TypeError('fetch failed', { cause: refused }), ctx).message).toBe('Could not connect to "files": fetch failed (ECONNREFUSED)');
  });
});
