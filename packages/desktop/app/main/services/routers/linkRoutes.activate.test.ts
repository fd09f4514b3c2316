/**
 * mcp.activate applies whole or not at all (active, the review recorded; never trusted). The review token is checked against the record the
 * write replaces, under the config lock, so a change another process makes between the check and
 * the write makes it ACTIVATION_REVIEW_STALE instead of activating a record nobody reviewed; a
 * write that fails leaves the record, the file and the connection as they were, and the review
 * still good for a retry.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpActivationReview } from '../../../shared/contracts/mcp-links';
import type { McpActionResult } from '../../../shared/contracts/mcp-types';
import { AppError } from '../../../shared/errors';
import { needsActivationReview } from '../capabilities/tools/mcp-users/common/activationReview';
import { openLocalStores } from '../appStores';
import type { McpConfigStore } from '../config/McpConfigStore';
import { createServices, type Services } from '../createServices';
import { makeTempConfigDir } from '@desktop-testing/tempServices';

const linkFor = (json: unknown) => `elftia://mcp/install?servers=${Buffer.from(JSON.stringify(json)).toString('base64url')}`;

/** Runs once, just before the next write of the store it wraps: what happens "meanwhile". */
type Meanwhile = () => void;

/** The real stores of `dir`, with a hook between a caller's decision to write and the write itself. */
function storeWithMeanwhile(store: McpConfigStore) {
  let pending: Meanwhile | undefined;
  const wrapped: McpConfigStore = {
    ...store,
    get notices() {
      return store.notices;
    },
    mutate(fn) {
      const meanwhile = pending;
      pending = undefined;
      meanwhile?.();
      return store.mutate(fn);
    },
  };
  return { store: wrapped, beforeNextWrite: (fn: Meanwhile) => (pending = fn) };
}

describe('mcp.activate is atomic', () => {
  let dir: string;
  let services: Services;
  let beforeNextWrite: (fn: Meanwhile) => void;
  /** The same folder opened again, as the CLI or a second window would. */
  let other: McpConfigStore;

  beforeEach(() => {
    dir = makeTempConfigDir();
    const stores = openLocalStores(dir);
    const hooked = storeWithMeanwhile(stores.configStore);
    beforeNextWrite = hooked.beforeNextWrite;
    services = createServices({ ...stores, configStore: hooked.store, fetch: globalThis.fetch });
    other = openLocalStores(dir).configStore;
  });
  afterEach(async () => {
    await services.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const configBytes = () => fs.readFileSync(`${dir}/mcp-config.json`, 'utf8');
  async function ok<T>(route: string, input: unknown): Promise<T> {
    const result = await services.router.dispatch(route, input);
    if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
    return result.data as T;
  }
  async function linkedServer() {
    const { results } = await ok<McpActionResult>('mcp.install_link', { url: linkFor({ tool: { command: 'elftia-no-such-command', args: ['--serve'], env: { TOKEN: 'tok-123456' } } }) });
    const id = results![0]!.id!;
    return { id, review: await ok<McpActivationReview>('mcp.activation_review', { id }) };
  }

  it('answers ACTIVATION_REVIEW_STALE and changes nothing when another process changes the command after the check', async () => {
    const { id, review } = await linkedServer();
    // Between the token check and the write, the CLI points the server at another program.
    beforeNextWrite(() =>
      other.mutate((servers) => ({
        servers: servers.map((s) => (s.id === id ? { ...s, config: { ...s.config, args: ['--serve', '--and-something-else'] } } : s)),
        result: undefined,
      })),
    );
    const changed = () => services.mcpService.get(id);
    const result = await services.router.dispatch('mcp.activate', { id, reviewToken: review.reviewToken });

    expect(result).toMatchObject({ ok: false, error: { code: 'ACTIVATION_REVIEW_STALE', data: { id } } });
    // Neither active nor reviewed: the other process's change stands, unreviewed.
    expect(await changed()).toMatchObject({ isActive: false, isTrusted: false, config: { args: ['--serve', '--and-something-else'] } });
    expect(needsActivationReview(await changed())).toBe(true);
    expect(services.mcpService.statusOf(id).state).toBe('disconnected');
    // A review of what is there now activates it.
    const fresh = await ok<McpActivationReview>('mcp.activation_review', { id });
    expect(fresh.args).toEqual(['--serve', '--and-something-else']);
    expect((await ok<McpActionResult>('mcp.activate', { id, reviewToken: fresh.reviewToken })).server).toMatchObject({ isActive: true, isTrusted: false, reviewedAt: expect.any(Number) });
  });

  it('answers ACTIVATION_REVIEW_STALE when the server stopped needing a review meanwhile and would be trusted without one', async () => {
    // A server that did not arrive by link is activated without a review; if it is swapped for a
    // linked one meanwhile, the write must not turn that on unreviewed.
    const { server } = await ok<McpActionResult>('mcp.add', { name: 'mine', type: 'stdio', config: { command: 'elftia-no-such-command' }, isActive: false });
    const id = server!.id;
    beforeNextWrite(() =>
      other.mutate((servers) => ({
        servers: servers.map((s) => (s.id === id ? { ...s, installSource: 'protocol' as const, isTrusted: false } : s)),
        result: undefined,
      })),
    );
    const result = await services.router.dispatch('mcp.activate', { id });
    expect(result).toMatchObject({ ok: false, error: { code: 'ACTIVATION_REVIEW_STALE', data: { id } } });
    expect(await services.mcpService.get(id)).toMatchObject({ isActive: false, isTrusted: false, installSource: 'protocol' });
  });

  it('mcp.update refuses to turn on a server that became an unreviewed linked one after its read', async () => {
    const { server } = await ok<McpActionResult>('mcp.add', { name: 'mine', type: 'stdio', config: { command: 'elftia-no-such-command' }, isActive: false });
    const id = server!.id;
    beforeNextWrite(() =>
      other.mutate((servers) => ({
        servers: servers.map((s) => (s.id === id ? { ...s, installSource: 'protocol' as const, isTrusted: false } : s)),
        result: undefined,
      })),
    );
    const result = await services.router.dispatch('mcp.update', { id, updates: { isActive: true } });
    expect(result).toMatchObject({ ok: false, error: { code: 'ACTIVATION_NEEDS_REVIEW', data: { id } } });
    expect(await services.mcpService.get(id)).toMatchObject({ isActive: false, isTrusted: false });
  });

  it('leaves record, file and connection as they were when the write fails, and the same review works on retry', async () => {
    const { id, review } = await linkedServer();
    const before = configBytes();
    const changes: unknown[] = [];
    services.onEvent((e) => e.event === 'mcp.servers_changed' && changes.push(e.payload));
    beforeNextWrite(() => {
      throw new AppError('CONFIG_STORE_FAILED', 'Cannot write mcp-config.json: disk full', { path: `${dir}/mcp-config.json` });
    });

    const failed = await services.router.dispatch('mcp.activate', { id, reviewToken: review.reviewToken });
    expect(failed).toMatchObject({ ok: false, error: { code: 'CONFIG_STORE_FAILED' } });
    expect(configBytes()).toBe(before);
    expect(await services.mcpService.get(id)).toMatchObject({ isActive: false, isTrusted: false });
    expect(services.mcpService.statusOf(id).state).toBe('disconnected');
    expect(changes).toEqual([]);

    const retried = await ok<McpActionResult>('mcp.activate', { id, reviewToken: review.reviewToken });
    expect(retried.server).toMatchObject({ id, isActive: true, isTrusted: false, reviewedAt: expect.any(Number), config: { env: { TOKEN: '***' } } });
    // Fully applied: the review is consumed, the record needs none any more.
    expect(needsActivationReview(await services.mcpService.get(id))).toBe(false);
    expect((await ok<McpActionResult>('mcp.activate', { id })).server).toMatchObject({ isActive: true });
  });
});
