// PGlite: the embedded PostgreSQL, persisted under DATA_DIR (or in memory), one process per data directory.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from '../ops/dataDirLock.js';
import type { Database, Db, OpenOptions } from './client.js';
import { migrationsFolder } from './driverShared.js';
import * as schema from './schema.js';

/**
 * PGlite runs each query on the server's own thread. Queued back to back (its lock hands over in a microtask)
 * they would keep Node from reading new requests until the whole queue is done, so a request that arrives
 * just then waits two queues instead of one. Here the queries take turns: one per turn of the event loop,
 * in the order they came, with the sockets read in between (docs/decisions/020-pglite-takes-turns.md).
 */
function takeTurns(client: PGlite) {
  const query = client.query.bind(client);
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: Parameters<PGlite['query']>) => {
    const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => query(...args));
    last = turn.catch(() => {});
    return turn;
  }) as PGlite['query'];
}

export async function openPglite(dataDir: string | null, options: OpenOptions = {}): Promise<Database> {
  let client: PGlite;
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!options.dataDirLocked) unlock = lockDataDir(dataDir);
    client = new PGlite(path.join(dataDir, 'pglite'));
  } else {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  // PGlite's WAL segments are 1 MB: without this every new one is first written full of zeros, on the
  // server's own thread (a stall of the whole process several times a second under a stream of writes).
  // A recycled or sparse segment is just as safe: PostgreSQL never trusts WAL past the last valid record.
  await client.exec('set wal_init_zero = off');
  takeTurns(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    await migrate(db as never, { migrationsFolder });
    await options.afterMigrate?.(db);
  } catch (err) {
    await client.close().catch(() => {});
    unlock();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    serialStatements: true,
    async listen(channel, onMessage, onState) {
      // One process per data directory: the notifications never leave it, so they are never missed.
      await client.listen(channel, onMessage);
      onState(true);
    },
    close: async () => {
      try {
        await client.close();
      } catch (err) {
        // Closing writes a checkpoint, so it fails when DATA_DIR was removed while the server ran: as a WASM abort,
        // or as Emscripten's longjmp, a bare Infinity that says nothing in a log. Either way: say what it means.
        throw new Error('PGlite could not close its data directory cleanly (was it removed while the server ran?)', {
          cause: err instanceof Error ? err : new Error(`PGlite threw ${String(err)}`),
        });
      } finally {
        unlock();
      }
    },
  };
}
