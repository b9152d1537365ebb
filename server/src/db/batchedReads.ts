// Reads asked for in the same turn of the event loop, sent to the database as one statement (decision 019).
import DataLoader from 'dataloader';

/**
 * Wraps a read of many keys at once (one row per key, in the order asked) as a read of one key. Keys asked for in the
 * same turn of the event loop go together; at most `maxInFlight` statements run at a time, and keys asked for meanwhile
 * wait and go together in the next one (at most `maxBatchSize`). Under load the batches grow as large as the wait, so
 * the database gets few statements; alone a key goes at once. A failing batch fails each of its keys as one read would.
 */
export function batchedReads<K, V>(readMany: (keys: readonly K[]) => Promise<V[]>, maxInFlight = 2, maxBatchSize = 100) {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      inFlight++;
      try {
        return await readMany(keys);
      } finally {
        inFlight--;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      batchScheduleFn: (run) => setImmediate(() => (inFlight < maxInFlight ? run() : waiting.push(run))),
      maxBatchSize,
    },
  );
  return (key: K) => loader.load(key);
}
