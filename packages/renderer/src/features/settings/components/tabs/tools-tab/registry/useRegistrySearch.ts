/**
 * The registry's search as the gallery reads it: the query sent once typing pauses, page after
 * page over the registry's opaque cursors (passed back as received), every page kept so the list
 * grows as it scrolls. A failed next page keeps the pages already shown.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RegistrySearchResult } from '@shared/contracts/registry';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { useDebouncedValue } from '@renderer/components/useDebouncedValue';
import { requestOrThrow } from '@renderer/data/useRoute';

/** How long typing must pause before the registry is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Servers per page: a screenful or two, so filters have something to work on. */
export const PAGE_SIZE = 30;

export function useRegistrySearch(query: string, registry: string | undefined, { enabled }: { enabled: boolean }) {
  const host = useHost();
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const input = { ...(registry !== undefined && { registry }), ...(settled && { query: settled }), limit: PAGE_SIZE };
  const search = useInfiniteQuery<RegistrySearchResult, AppErrorShape, { pages: RegistrySearchResult[] }, readonly unknown[], string | undefined>({
    // Its own key beside the route's: a paged answer is not the one-page answer useRoute caches.
    queryKey: ['registry.search', input, 'pages'],
    queryFn: ({ pageParam }) => requestOrThrow(host, 'registry.search', { ...input, ...(pageParam !== undefined && { cursor: pageParam }) }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor,
    // The registry changes slowly and the host caches for a minute: going back to a search shows it at once.
    staleTime: 60_000,
    // The last answer stays while the next search runs, so the list does not blink to a spinner per pause in typing.
    placeholderData: keepPreviousData,
    enabled,
  });
  const pages = search.data?.pages ?? [];
  return {
    search,
    /** The query the shown answer is for (what was typed may be newer). */
    settled,
    /** Typed but not asked yet. */
    typing: settled !== query.trim(),
    entries: pages.flatMap((page) => page.entries),
    invalid: pages.reduce((sum, page) => sum + page.invalid.length, 0),
    registry: pages[0]?.registry,
  };
}
