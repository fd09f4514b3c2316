import type { PreloadApi } from '@shared/contracts/bridge';
import type { EventEnvelope } from '@shared/contracts/ipc';
import { describe, expect, it, vi } from 'vitest';
import { createElectronHost, isPreloadApi } from './electronHost';

function fakePreload(invoke: PreloadApi['invoke']) {
  let listener: ((e: EventEnvelope) => void) | undefined;
  const unsubscribe = vi.fn(() => {
    listener = undefined;
  });
  const api: PreloadApi = {
    invoke,
    on: vi.fn((l) => {
      listener = l;
      return unsubscribe;
    }),
  };
  return { api, unsubscribe, send: (raw: unknown) => listener?.(raw as EventEnvelope) };
}

describe('electron host', () => {
  it('invokes the preload and checks the answer against the contract', async () => {
    const invoke = vi.fn(async () => ({ ok: true as const, data: [{ code: 'CONFIG_RECOVERED', message: 'm', data: { movedTo: '/x' } }] }));
    const host = createElectronHost(fakePreload(invoke).api);
    await expect(host.request('app.notices')).resolves.toEqual({
      ok: true,
      data: [{ code: 'CONFIG_RECOVERED', message: 'm', data: { movedTo: '/x' } }],
    });
    expect(invoke).toHaveBeenCalledWith('app.notices', undefined);
  });

  it('turns a rejected invoke into INTERNAL', async () => {
    const host = createElectronHost(fakePreload(async () => Promise.reject(new Error('window closed'))).api);
    const result = await host.request('mcp.list');
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('subscribes once, drops malformed events and unsubscribes with the last listener', () => {
    const preload = fakePreload(async () => ({ ok: true, data: [] }));
    const host = createElectronHost(preload.api);
    const a: unknown[] = [];
    const b: string[] = [];
    const offA = host.on('mcp.tools_changed', (p) => a.push(p));
    const offB = host.onAny((e) => b.push(e.event));
    expect(preload.api.on).toHaveBeenCalledTimes(1);

    preload.send({ event: 'mcp.tools_changed', payload: { serverId: 's' } });
    preload.send({ event: 'mcp.tools_changed', payload: { serverId: 42 } });
    preload.send({ event: 'mcp.servers_changed', payload: { reason: 'removed' } });
    expect(a).toEqual([{ serverId: 's' }]);
    expect(b).toEqual(['mcp.tools_changed', 'mcp.servers_changed']);

    offA();
    offA(); // idempotent: must not drop B's subscription
    expect(preload.unsubscribe).not.toHaveBeenCalled();
    offB();
    expect(preload.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('recognises a preload API by shape', () => {
    expect(isPreloadApi({ invoke: () => {}, on: () => {} })).toBe(true);
    expect(isPreloadApi({ invoke: () => {} })).toBe(false);
    expect(isPreloadApi(undefined)).toBe(false);
  });
});
