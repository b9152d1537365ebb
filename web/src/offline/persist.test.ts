import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { createQueryCachePersister, restoreAndPersistQueryCache, SLICE_ITEMS, type CacheStorage } from './persist';

/** An in-memory stand-in for the IndexedDB store, recording what was written. */
function memoryStorage(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(initial));
  const writes: string[] = [];
  const storage: CacheStorage = {
    get: async (key) => data.get(key),
    set: async (key, value) => {
      writes.push(key);
      data.set(key, value);
    },
    keys: async () => [...data.keys()],
    delMany: async (keys) => keys.forEach((k) => data.delete(k)),
    clear: async () => data.clear(),
  };
  return { data, writes, storage };
}

const query = (hash: string, data: unknown, dataUpdatedAt: number) => ({
  queryKey: JSON.parse(hash) as unknown[],
  queryHash: hash,
  state: {
    data,
    dataUpdatedAt,
    dataUpdateCount: 1,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success' as const,
    fetchStatus: 'idle' as const,
  },
});

const client = (...queries: ReturnType<typeof query>[]): PersistedClient =>
  ({ timestamp: Date.now(), buster: 'v1', clientState: { queries, mutations: [] } }) as unknown as PersistedClient;

/** Hands the persister the client and waits until it has written everything. */
async function saved(persister: ReturnType<typeof createQueryCachePersister>, persisted: PersistedClient) {
  persister.persistClient(persisted);
  await persister.flushed();
}

const shops = query('["shops","list"]', [{ id: 1, name: 'Zilverkamp' }], 1000);
const me = query('["me"]', { user: { id: 1 } }, 1000);
/** A shop list one item longer than a slice (so kept as two slices), and the signed-in user. */
const twoSlices = client(
  query(
    '["shops","list"]',
    Array.from({ length: SLICE_ITEMS + 1 }, (_, i) => i),
    1000,
  ),
  me,
);

describe('the query cache kept on the device', () => {
  it('keeps each query as its own entry and restores them all', async () => {
    const { storage } = memoryStorage();
    const persister = createQueryCachePersister({ storage, throttleMs: 0 });
    await saved(persister, client(shops, me));

    const restored = await createQueryCachePersister({ storage }).restoreClient();
    expect(restored?.buster).toBe('v1');
    expect(restored?.clientState.queries.map((q) => [q.queryHash, q.state.data])).toEqual([
      ['["shops","list"]', [{ id: 1, name: 'Zilverkamp' }]],
      ['["me"]', { user: { id: 1 } }],
    ]);
  });

  it('does not write the shop list again when only another query changed', async () => {
    const { storage, writes } = memoryStorage();
    const persister = createQueryCachePersister({ storage, throttleMs: 0 });
    await saved(persister, client(shops, me));
    writes.length = 0;

    await saved(persister, client(shops, { ...me, state: { ...me.state, dataUpdatedAt: 2000 } }));
    expect(writes).toEqual(['query:["me"]', 'manifest']);
  });

  it('does not write again what it has just restored', async () => {
    const { storage, writes } = memoryStorage();
    const first = createQueryCachePersister({ storage, throttleMs: 0 });
    await saved(first, client(shops, me));
    writes.length = 0;

    const next = createQueryCachePersister({ storage, throttleMs: 0 });
    await next.restoreClient();
    await saved(next, client(shops, me));
    expect(writes).toEqual(['manifest']);
  });

  it('drops the entries of queries no longer cached', async () => {
    const { storage, data } = memoryStorage();
    const persister = createQueryCachePersister({ storage, throttleMs: 0 });
    await saved(persister, client(shops, me));
    await saved(persister, client(me));
    expect([...data.keys()].sort()).toEqual(['manifest', 'query:["me"]']);
  });

  it('writes a long list in slices, each serialised and stored in a task of its own, and reads it back whole', async () => {
    const { storage, data } = memoryStorage();
    const steps: string[] = [];
    const set = storage.set;
    storage.set = async (key, value) => {
      steps.push(`write ${key}`);
      await set(key, value);
    };
    const persister = createQueryCachePersister({ storage, throttleMs: 0, yieldToPage: async () => void steps.push('next task') });
    const all = Array.from({ length: 2 * SLICE_ITEMS + 1 }, (_, i) => ({ id: i + 1, name: `Winkel ${i + 1}` }));
    await saved(persister, client(query('["shops","list"]', all, 1000)));
    const slice = (i: number) => `write query:["shops","list"]@1000/${i}`;
    expect(steps).toEqual([
      'next task',
      slice(0),
      'next task',
      slice(1),
      'next task',
      slice(2),
      'write query:["shops","list"]',
      'write manifest',
    ]);
    expect(JSON.parse(data.get('query:["shops","list"]@1000/2') as string)).toEqual([all[2 * SLICE_ITEMS]]);

    const restored = await createQueryCachePersister({ storage }).restoreClient();
    expect(restored?.clientState.queries[0].state.data).toEqual(all);
  });

  it('drops the slices of an older version of the list once the new one is written', async () => {
    const { storage, data } = memoryStorage();
    const persister = createQueryCachePersister({ storage, throttleMs: 0 });
    const all = Array.from({ length: SLICE_ITEMS + 1 }, (_, i) => ({ id: i + 1 }));
    await saved(persister, client(query('["shops","list"]', all, 1000)));
    await saved(persister, client(query('["shops","list"]', all.slice(1), 2000)));
    expect([...data.keys()].sort()).toEqual(['manifest', 'query:["shops","list"]']);
    await saved(persister, client(query('["shops","list"]', all, 3000)));
    expect([...data.keys()].sort()).toEqual([
      'manifest',
      'query:["shops","list"]',
      'query:["shops","list"]@3000/0',
      'query:["shops","list"]@3000/1',
    ]);
  });

  it('leaves out a list whose slices are not all there (a write cut short)', async () => {
    const { storage, data } = memoryStorage();
    const persister = createQueryCachePersister({ storage, throttleMs: 0 });
    await saved(persister, twoSlices);
    data.delete('query:["shops","list"]@1000/1');
    const restored = await createQueryCachePersister({ storage }).restoreClient();
    expect(restored?.clientState.queries.map((q) => q.queryHash)).toEqual(['["me"]']);
  });

  it('writes many quick changes together, at most once per interval', async () => {
    vi.useFakeTimers();
    try {
      const { storage, writes } = memoryStorage();
      const persister = createQueryCachePersister({ storage, throttleMs: 1000, yieldToPage: async () => undefined });
      for (let i = 1; i <= 5; i++) persister.persistClient(client({ ...me, state: { ...me.state, dataUpdatedAt: i } }));
      expect(writes).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      await persister.flushed();
      expect(writes).toEqual(['query:["me"]', 'manifest']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a write under way when the cache is removed (signing out), leaving nothing behind', async () => {
    const { storage, data } = memoryStorage();
    let release: (() => void) | undefined;
    const persister = createQueryCachePersister({
      storage,
      throttleMs: 0,
      yieldToPage: () => new Promise<void>((resolve) => (release = resolve)),
    });
    persister.persistClient(twoSlices);
    // The first slice is serialised; its write waits for the next task.
    await vi.waitFor(() => expect(release).toBeDefined());
    await persister.removeClient();
    release!();
    await persister.flushed();
    expect(data.size).toBe(0);
  });
});

describe('restoring at start', () => {
  const stored = async (...queries: ReturnType<typeof query>[]) => {
    const { storage } = memoryStorage();
    await saved(createQueryCachePersister({ storage, throttleMs: 0 }), client(...queries));
    return { storage, persister: createQueryCachePersister({ storage, throttleMs: 0 }) };
  };

  it('shows restored data while the request already under way runs on, not started twice', async () => {
    const { persister } = await stored(query('["shops","list"]', ['from the device'], Date.now() - 60_000));
    const queryClient = new QueryClient();
    let answer: (v: string[]) => void = () => {};
    const queryFn = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    // A screen showing the list: its request is under way.
    const stop = new QueryObserver(queryClient, { queryKey: ['shops', 'list'], queryFn }).subscribe(() => {});

    await restoreAndPersistQueryCache(queryClient, ['me'], persister).done;
    expect(queryClient.getQueryData(['shops', 'list'])).toEqual(['from the device']);
    expect(queryClient.getQueryState(['shops', 'list'])?.isInvalidated).toBe(true);

    answer(['from the server']);
    await vi.waitFor(() => expect(queryClient.getQueryData(['shops', 'list'])).toEqual(['from the server']));
    expect(queryFn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('restores the small queries first, so the first render can show them, and the long lists after them', async () => {
    const shops = Array.from({ length: SLICE_ITEMS + 1 }, (_, i) => ({ id: i }));
    const { storage, persister } = await stored(
      query('["me"]', { user: { id: 1, login: 'sofie' } }, Date.now() - 60_000),
      query('["shops","list"]', shops, Date.now() - 60_000),
    );
    // The list's slices are read only once the test lets them: the first part must not need them.
    let readLists = () => {};
    const listsMayBeRead = new Promise<void>((resolve) => (readLists = resolve));
    const get = storage.get;
    storage.get = async (key) => {
      if (key.startsWith('query:["shops","list"]@')) await listsMayBeRead;
      return get(key);
    };
    const queryClient = new QueryClient();

    const restoring = restoreAndPersistQueryCache(queryClient, ['me'], persister);
    await restoring.firstPart;
    expect(queryClient.getQueryData(['me'])).toEqual({ user: { id: 1, login: 'sofie' } });
    expect(queryClient.getQueryData(['shops', 'list'])).toBeUndefined();

    readLists();
    await restoring.done;
    expect(queryClient.getQueryData(['shops', 'list'])).toEqual(shops);
  });

  it('keeps what the server answered before the device was read', async () => {
    const { persister } = await stored(query('["me"]', { user: { id: 1, login: 'old' } }, Date.now() - 60_000));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['me'], { user: { id: 1, login: 'fresh' } });
    // The device is read a moment later (a busy phone): the answer is still the newer one, not restored data.
    await new Promise((resolve) => setTimeout(resolve, 5));

    await restoreAndPersistQueryCache(queryClient, ['me'], persister).done;
    expect(queryClient.getQueryData(['me'])).toEqual({ user: { id: 1, login: 'fresh' } });
    expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(false);
  });
});
