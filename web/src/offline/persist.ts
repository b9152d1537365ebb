// TanStack Query's cache kept in IndexedDB, so what the rep opened stays readable with no connection
// (docs/decisions/007-offline.md). Each query is its own entry, written only when its data changed:
// the 20,000-shop list (1.6 MB of JSON) is not written again whenever a small query updates. A long
// list is written and read back in slices, each serialised and stored in a task of its own, so keeping
// it never blocks the page for long (docs/decisions/022-web-first-load.md).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, delMany, get, keys, set } from 'idb-keyval';

/** How long cached data stays usable offline; queries must live in memory at least as long (gcTime). */
export const OFFLINE_CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** At most one write a second; changes in between are written together. */
const THROTTLE_MS = 1000;

/** A list longer than this is kept in slices of this many items (2,000 shops: ~160 KB, a few ms each). */
export const SLICE_ITEMS = 2000;

/** Where the cache is kept: a key-value store of its own, so signing out clears it in one go. */
export interface CacheStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  keys(): Promise<string[]>;
  delMany(keys: string[]): Promise<void>;
  clear(): Promise<void>;
}

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

/** The two parts the cache is restored in: the long lists kept in slices, and all the other (small) queries. */
export type CachePart = 'small' | 'lists';

/** The cache's persister (TanStack's Persister: restoreClient restores it whole), restorable a part at a time. */
export interface QueryCachePersister extends Persister {
  /** The same cache, but restoreClient restores only that part of it. */
  part(part: CachePart): Persister;
  /** Resolves once nothing waits to be written (for tests). */
  flushed(): Promise<void>;
}

/** One query as stored: with its data, or without it and the keys of the slices that hold its list. */
interface Entry {
  query: DehydratedQuery;
  slices: string[] | null;
}

/** Which queries make up the cache, written after their entries. */
interface Manifest {
  timestamp: number;
  buster: string;
  queries: string[];
}

const MANIFEST_KEY = 'manifest';
const entryKey = (queryHash: string) => `query:${queryHash}`;
/** Slices are named after the data's version, so an entry never points at slices of another version. */
const sliceKey = (query: DehydratedQuery, index: number) => `${entryKey(query.queryHash)}@${query.state.dataUpdatedAt}/${index}`;

/** Lets the page run (paint, input) before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createQueryCachePersister({
  storage,
  throttleMs = THROTTLE_MS,
  yieldToPage = nextTask,
}: {
  storage: CacheStorage;
  throttleMs?: number;
  yieldToPage?: () => Promise<void>;
}): QueryCachePersister {
  /** Each query as it is in storage (its data's version and its keys), so unchanged ones are not written again. */
  const stored = new Map<string, { dataUpdatedAt: number; keys: string[] }>();
  const remember = (query: DehydratedQuery, slices: string[] | null) =>
    stored.set(query.queryHash, { dataUpdatedAt: query.state.dataUpdatedAt, keys: [entryKey(query.queryHash), ...(slices ?? [])] });
  let latest: PersistedClient | null = null;
  let writing: Promise<void> | null = null;
  /** Bumped when the cache is removed: a write under way stops instead of bringing it back. */
  let generation = 0;

  /** Writes one query (its slices first, then its entry); false when the cache was removed meanwhile. */
  async function writeQuery(query: DehydratedQuery, started: number): Promise<boolean> {
    const data = query.state.data;
    let slices: string[] | null = null;
    if (Array.isArray(data) && data.length > SLICE_ITEMS) {
      slices = [];
      for (let from = 0; from < data.length; from += SLICE_ITEMS) {
        const text = JSON.stringify(data.slice(from, from + SLICE_ITEMS));
        await yieldToPage();
        if (started !== generation) return false;
        const key = sliceKey(query, slices.length);
        await storage.set(key, text);
        slices.push(key);
      }
    }
    const entry: Entry = { query: slices ? { ...query, state: { ...query.state, data: undefined } } : query, slices };
    await storage.set(entryKey(query.queryHash), entry);
    remember(query, slices);
    return true;
  }

  async function save({ timestamp, buster, clientState }: PersistedClient) {
    const started = generation;
    for (const query of clientState.queries) {
      if (stored.get(query.queryHash)?.dataUpdatedAt === query.state.dataUpdatedAt) continue;
      if (!(await writeQuery(query, started))) return;
    }
    if (started !== generation) return;
    const hashes = new Set(clientState.queries.map((q) => q.queryHash));
    await storage.set(MANIFEST_KEY, { timestamp, buster, queries: [...hashes] } satisfies Manifest);
    for (const hash of [...stored.keys()]) if (!hashes.has(hash)) stored.delete(hash);
    // What the manifest no longer names goes (also older slices, and any an interrupted write left behind).
    const keep = new Set([MANIFEST_KEY, ...[...stored.values()].flatMap((s) => s.keys)]);
    const gone = (await storage.keys()).filter((key) => !keep.has(key));
    if (gone.length > 0) await storage.delMany(gone);
  }

  /**
   * One query as it was stored, its list put together again; undefined when any slice is missing, or when it is not
   * of the part asked for.
   */
  async function readQuery(hash: string, part?: CachePart): Promise<DehydratedQuery | undefined> {
    const entry = (await storage.get(entryKey(hash))) as Entry | undefined;
    if (!entry?.query) return undefined;
    if (part && (part === 'lists') !== !!entry.slices) return undefined;
    let query = entry.query;
    if (entry.slices) {
      const items: unknown[] = [];
      // One read per slice: each parse runs in its own task.
      for (const key of entry.slices) {
        const text = await storage.get(key);
        if (typeof text !== 'string') return undefined;
        items.push(...(JSON.parse(text) as unknown[]));
      }
      query = { ...query, state: { ...query.state, data: items } };
    }
    remember(query, entry.slices);
    return query;
  }

  async function writeLatest() {
    try {
      while (latest) {
        await new Promise((resolve) => setTimeout(resolve, throttleMs));
        const client = latest;
        latest = null;
        if (!client) break;
        try {
          await save(client);
        } catch {
          // A full or unavailable disk: the data stays in memory; unwritten queries are tried again next time.
        }
      }
    } finally {
      writing = null;
    }
  }

  /** The whole cache, or one part of it. */
  async function restore(part?: CachePart): Promise<PersistedClient | undefined> {
    const manifest = (await storage.get(MANIFEST_KEY)) as Manifest | undefined;
    if (!manifest) return undefined;
    const queries: DehydratedQuery[] = [];
    for (const hash of manifest.queries) {
      const query = await readQuery(hash, part);
      if (query) queries.push(query);
    }
    return { timestamp: manifest.timestamp, buster: manifest.buster, clientState: { queries, mutations: [] } };
  }

  function persistClient(client: PersistedClient) {
    latest = client;
    writing ??= writeLatest();
  }

  async function removeClient() {
    generation++;
    latest = null;
    stored.clear();
    await storage.clear();
  }

  return {
    persistClient,
    restoreClient: () => restore(),
    removeClient,
    part: (part) => ({ persistClient, restoreClient: () => restore(part), removeClient }),
    flushed: () => writing ?? Promise.resolve(),
  };
}

const cacheStore = createStore('prospectie-query-cache', 'queries');
const devicePersister = createQueryCachePersister({
  storage: {
    get: (key) => get(key, cacheStore),
    set: (key, value) => set(key, value, cacheStore),
    keys: () => keys<string>(cacheStore),
    delMany: (all) => delMany(all, cacheStore),
    clear: () => clear(cacheStore),
  },
});

/** Before the cache had a store of its own it was one string in idb-keyval's default store; that copy goes. */
async function dropLegacyCache() {
  try {
    await del('prospectie:query-cache');
  } catch {
    // Nothing to drop, or no IndexedDB at all.
  }
}

/**
 * `signedInKey` is the who-is-signed-in query: "not signed in" is not kept, since restoring it would
 * show the sign-in screen before the server has been asked.
 */
function persistOptions(signedInKey: QueryKey, persister: Persister): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: OFFLINE_CACHE_MAX_AGE,
    // Bump when a payload's shape changes, so an old cache is dropped instead of misread.
    buster: 'v1',
    dehydrateOptions: {
      // Only answers the server gave (TanStack's default rule), and never "not signed in".
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && !(query.queryKey[0] === signedInKey[0] && query.state.data == null),
      shouldDehydrateMutation: () => false,
    },
  };
}

/** How far restoring the kept cache has come. Neither promise rejects: a cache that cannot be read is dropped. */
export interface CacheRestore {
  /** The small queries are in the query client (or nothing was kept, or it could not be read): the first render may show them. */
  firstPart: Promise<void>;
  /** The long lists are in too, and saving has started. */
  done: Promise<void>;
}

/**
 * Restores the cache kept on this device, then keeps it saved. The first requests do not wait for it: what the
 * server answers meanwhile is newer and stays. Restored data is shown at once but invalidated, so when online every
 * screen asks the server again; a request already under way is reused, not started twice. The small queries come
 * first (the first render may show them, decision 039), the long lists after them.
 */
export function restoreAndPersistQueryCache(
  queryClient: QueryClient,
  signedInKey: QueryKey,
  persister: QueryCachePersister = devicePersister,
): CacheRestore {
  const options: PersistQueryClientOptions = { ...persistOptions(signedInKey, persister), queryClient };
  const startedAt = Date.now();
  // What the cache holds already came from the server before the device was read: it is not restored data.
  const before = new Map(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => [query.queryHash, query.state.dataUpdatedAt]),
  );
  void dropLegacyCache();
  // TanStack's restore (too old, another buster or unreadable: dropped), one part at a time.
  const restore = (part: CachePart) =>
    persistQueryClientRestore({ ...options, persister: persister.part(part) }).then(() => {
      // Not awaited: saving starts now, not once the server has answered.
      void queryClient.invalidateQueries(
        {
          predicate: ({ queryHash, state }) =>
            state.dataUpdatedAt > 0 && state.dataUpdatedAt < startedAt && before.get(queryHash) !== state.dataUpdatedAt,
        },
        { cancelRefetch: false },
      );
    });
  const small = restore('small');
  const done = small
    .then(() => restore('lists'))
    .catch(() => undefined)
    .finally(() => void persistQueryClientSubscribe(options));
  return { firstPart: small.catch(() => undefined), done };
}

export function clearPersistedCache() {
  return devicePersister.removeClient();
}
