/**
 * A server started through npx, with a stand-in npx on PATH (e2e/fixtures/servers/fake-npx.mjs:
 * npx's cache layout and npm 11's messages, no network): the first download is its own phase with
 * its own limit, and a broken cache folder is named in the failure, with the repair.
 */
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { McpServerInput } from '@shared/contracts/mcp-types';
import { codeOf, makeService, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness | undefined;
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(tmpdir(), 'elftia-npx-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.symlinkSync(FIXTURE_SERVERS.fakeNpx, path.join(dir, 'bin', 'npx'));
});
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
  expect(await waitNoStrayChildren()).toEqual([]);
});

/** `npx -y <spec>` with the stand-in npx first on PATH and its cache in the test's folder. */
const npxServer = (name: string, spec: string, env: Record<string, string>): McpServerInput => ({
  name,
  type: 'stdio',
  isActive: false,
  config: { command: 'npx', args: ['-y', spec], env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH ?? ''}`, npm_config_cache: path.join(dir, 'cache'), ...env } },
});

describe('npx downloading a server’s package', () => {
  it('a download longer than the connect timeout but within its own limit connects; the phase is announced', async () => {
    h = makeService({ connectOnAdd: false, connectTimeoutMs: 1_500, downloadTimeoutMs: 20_000 });
    const { server } = await h.service.add(npxServer('slow-download', 'fixture-pkg@1.2.3', { FAKE_NPX_MODE: 'download', FAKE_NPX_DELAY_MS: '3000' }));
    const tools = await h.service.listServerTools(server!.id);
    expect(tools.map((t) => t.name)).toEqual(['echo_1', 'echo_2']);
    const phases = h.events.flatMap((e) => (e.name === 'mcp.connection_state' && e.payload.serverId === server!.id ? [e.payload] : []));
    expect(phases).toContainEqual(expect.objectContaining({ state: 'connecting', phase: 'downloading', download: { package: 'fixture-pkg', version: '1.2.3' } }));
    expect(phases.at(-1)).toMatchObject({ state: 'connected' });
    // Once in the cache it is no download: the next start has the connect timeout only, and no phase.
    await h.service.disconnect(server!.id);
    await h.service.reconnect(server!.id);
    const again = h.events.flatMap((e) => (e.name === 'mcp.connection_state' && e.payload.serverId === server!.id ? [e.payload] : [])).slice(phases.length);
    expect(again.some((e) => 'phase' in e && e.phase === 'downloading')).toBe(false);
  });

  it('a download past its own limit says so, not “did not answer”', async () => {
    h = makeService({ connectOnAdd: false, connectTimeoutMs: 500, downloadTimeoutMs: 1_000 });
    const { server } = await h.service.add(npxServer('stuck-download', 'fixture-pkg@2.0.0', { FAKE_NPX_MODE: 'download', FAKE_NPX_DELAY_MS: '10000' }));
    expect(await codeOf(h.service.initClient(server!))).toBe('MCP_TIMEOUT');
    expect(h.service.statusOf(server!.id).failure?.data).toMatchObject({ stage: 'download', hint: 'downloadTimeout', package: 'fixture-pkg', version: '2.0.0', timeoutSeconds: 1 });
  });
});

describe('a broken npx cache', () => {
  it('is named in the failure, with the one folder to remove', async () => {
    h = makeService({ connectOnAdd: false });
    const { server } = await h.service.add(npxServer('broken-cache', 'semver@7.6.0', { FAKE_NPX_MODE: 'broken', FAKE_NPX_DELAY_MS: '200' }));
    expect(await codeOf(h.service.initClient(server!))).toBe('MCP_CONNECT_FAILED');
    const status = h.service.statusOf(server!.id);
    // npx's folder for `semver@7.6.0`, as real npx 11 named it (see deps/npxCache.test.ts).
    expect(status.failure?.data).toMatchObject({ stage: 'download', hint: 'npxCacheBroken', npxCacheDir: path.join(dir, 'cache', '_npx', '9dfaefb6dc6ac94c') });
  });
});
