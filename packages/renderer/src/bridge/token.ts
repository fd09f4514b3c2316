/**
 * The browser-mode host hands the page its per-launch token once, as `?token=`. We move it into
 * sessionStorage (survives reloads of this tab, not other tabs or restarts) and drop it from the
 * address bar so it does not linger in history, bookmarks or screenshots.
 */
import { HOST_TOKEN_QUERY } from '@shared/contracts/bridge';

export const TOKEN_STORAGE_KEY = 'elftia.hostToken';

export interface TokenEnvironment {
  location: Pick<Location, 'search' | 'pathname' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

export function takeHostToken({ location, history, storage }: TokenEnvironment): string | undefined {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get(HOST_TOKEN_QUERY);
  if (fromUrl) {
    storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    params.delete(HOST_TOKEN_QUERY);
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    return fromUrl;
  }
  return storage.getItem(TOKEN_STORAGE_KEY) ?? undefined;
}
