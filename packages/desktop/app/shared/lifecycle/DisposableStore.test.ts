import { describe, expect, it } from 'vitest';
import { DisposableStore } from './DisposableStore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('DisposableStore', () => {
  it('disposes in the reverse order of adding, each finished before the next starts', async () => {
    const store = new DisposableStore();
    const steps: string[] = [];
    store.add(() => steps.push('processes'));
    store.add({
      async dispose() {
        steps.push('clients: start');
        await tick();
        steps.push('clients: closed');
      },
    });
    store.add(() => steps.push('calls'));
    await store.dispose();
    expect(steps).toEqual(['calls', 'clients: start', 'clients: closed', 'processes']);
  });

  it('is idempotent: a second dispose is the first one, and nothing is disposed twice', async () => {
    const store = new DisposableStore();
    let count = 0;
    store.add(async () => {
      await tick();
      count++;
    });
    const first = store.dispose();
    expect(store.isDisposed).toBe(true);
    expect(store.dispose()).toBe(first);
    await first;
    await store.dispose();
    expect(count).toBe(1);
  });

  it('goes on past a failing disposal and rejects with the failure once all have run', async () => {
    const store = new DisposableStore();
    const steps: string[] = [];
    store.add(() => steps.push('last'));
    store.add(() => {
      throw new Error('close failed');
    });
    store.add(() => steps.push('first'));
    await expect(store.dispose()).rejects.toThrow('close failed');
    expect(steps).toEqual(['first', 'last']);
  });

  it('collects several failures, sync and async, into one AggregateError naming each', async () => {
    const store = new DisposableStore();
    store.add(() => {
      throw new Error('a failed');
    });
    store.add(async () => Promise.reject(new Error('b failed')));
    const err = await store.dispose().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AggregateError);
    expect((err as AggregateError).errors.map((e: Error) => e.message)).toEqual(['b failed', 'a failed']);
    expect((err as Error).message).toBe('2 disposals failed: b failed; a failed');
  });

  it('refuses an item once disposed, leaving it with the caller', async () => {
    const store = new DisposableStore();
    await store.dispose();
    let disposed = false;
    expect(() => store.add(() => (disposed = true))).toThrow(/already disposed/);
    expect(disposed).toBe(false);
  });
});
