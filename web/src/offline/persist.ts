// TanStack Query's cache kept in IndexedDB, so what the rep opened stays readable with no connection.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryKey } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

const CACHE_KEY = 'prospectie:query-cache';

/** How long cached data stays usable offline; queries must live in memory at least as long (gcTime). */
export const OFFLINE_CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

const persister = createAsyncStoragePersister({
  storage: { getItem: (key) => get<string>(key).then((v) => v ?? null), setItem: (key, value) => set(key, value), removeItem: (key) => del(key) },
  key: CACHE_KEY,
});

/**
 * `signedInKey` is the who-is-signed-in query: "not signed in" is not kept, since restoring it would
 * show the sign-in screen before the server has been asked.
 */
export function persistOptions(signedInKey: QueryKey): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: OFFLINE_CACHE_MAX_AGE,
    // Bump when a payload's shape changes, so an old cache is dropped instead of misread.
    buster: 'v1',
    dehydrateOptions: {
      // Only answers the server gave (TanStack's default rule; its persister pins its own query-core).
      shouldDehydrateQuery: (query) => query.state.status === 'success' && !(query.queryKey[0] === signedInKey[0] && query.state.data == null),
      shouldDehydrateMutation: () => false,
    },
  };
}

export function clearPersistedCache() {
  return persister.removeClient();
}
