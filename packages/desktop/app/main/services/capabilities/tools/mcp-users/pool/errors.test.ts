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
