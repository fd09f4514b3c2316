import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, takeHostToken } from './token';

function env(search: string, stored?: string) {
  const store = new Map<string, string>(stored ? [[TOKEN_STORAGE_KEY, stored]] : []);
  const replaceState = vi.fn();
  return {
    store,
    replaceState,
    environment: {
      location: { search, pathname: '/app/', hash: '#tools' },
      history: { state: { keep: 1 }, replaceState },
      storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    },
  };
}

describe('takeHostToken', () => {
  it('takes ?token=, stores it for the tab and removes only it from the address bar', () => {
    const { environment, store, replaceState } = env('?lang=ja&token=s3cret', 'old');
    expect(takeHostToken(environment)).toBe('s3cret');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('s3cret');
    expect(replaceState).toHaveBeenCalledWith({ keep: 1 }, '', '/app/?lang=ja#tools');
  });

  it('falls back to the stored token after a reload, leaving the URL alone', () => {
    const { environment, replaceState } = env('', 'stored');
    expect(takeHostToken(environment)).toBe('stored');
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('returns undefined when there is no token anywhere', () => {
    expect(takeHostToken(env('?token=').environment)).toBeUndefined();
  });
});
