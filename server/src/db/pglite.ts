// PGlite: the embedded PostgreSQL, persisted under DATA_DIR (or in memory), one process per data directory.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from '../ops/dataDirLock.js';
import type { Database, Db, OpenOptions } from './client.js';
import { migrationsFolder } from './driverShared.js';
import { prepareQueries } from './pglitePrepared.js';
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

/** PGlite's buffer cache: PostgreSQL touches all of it at start, so all of it is resident in the process from then on. */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Every PGlite of ours opens through here, the server's, the backup commands' and the tests' alike, so they all read
 * the same database with the same settings (docs/decisions/072-pglite-memory.md):
 * - `template1`: where PGlite 0.3 kept everything (its default database); 0.4 defaults to `postgres`, which in a
 *   data directory made by 0.3 is empty. One name for old and new data directories alike.
 * - `shared_buffers`: PGlite 0.3 fixed it at 128 MB in its build, resident in the process; 0.4 reads it from the data
 *   directory's postgresql.conf, where 0.3's initdb wrote 400 kB and 0.4's writes 128 MB. Said here, so every data
 *   directory gets the same.
 * - V8 keeps PostgreSQL's WebAssembly in its baseline compiler (Liftoff): tiering it up with TurboFan left 30–60 MB
 *   behind in the process, a different amount each run, for no speed the bench could see.
 */
export function newPglite(dir: string | null, options: { loadDataDir?: Blob } = {}): PGlite {
  // Read when a module is compiled, so before the first PGlite compiles its own; process-wide from then on.
  v8.setFlagsFromString('--liftoff-only');
  const settings = {
    database: 'template1',
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...options,
  };
  return dir ? new PGlite(dir, settings) : new PGlite(settings);
}

export async function openPglite(dataDir: string | null, options: OpenOptions = {}): Promise<Database> {
  let client: PGlite;
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!options.dataDirLocked) unlock = lockDataDir(dataDir);
    client = newPglite(path.join(dataDir, 'pglite'));
  } else {
    client = newPglite(null, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  // PGlite's WAL segments are 1 MB: without this every new one is first written full of zeros, on the
  // server's own thread (a stall of the whole process several times a second under a stream of writes).
  // A recycled or sparse segment is just as safe: PostgreSQL never trusts WAL past the last valid record.
  await client.exec('set wal_init_zero = off');
  // As on PostgreSQL (decision 084), though PGlite has no LLVM to compile with: the same setting on both.
  await client.exec('set jit = off');
  prepareQueries(client);
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
      const closedCleanly = 'PGlite could not close its data directory cleanly (was it removed while the server ran?)';
      try {
        await client.close();
      } catch (err) {
        // Closing writes a checkpoint, so it can fail when DATA_DIR was removed while the server ran: as a WASM abort,
        // or as Emscripten's longjmp, a bare Infinity that says nothing in a log. Either way: say what it means.
        throw new Error(closedCleanly, { cause: err instanceof Error ? err : new Error(`PGlite threw ${String(err)}`) });
      } finally {
        unlock();
      }
      // PGlite 0.4 closes without an error when its files are gone: the checkpoint went nowhere all the same.
      if (dataDir && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(closedCleanly);
    },
  };
}
