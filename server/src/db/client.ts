// Opens the database: PGlite (embedded, persisted under DATA_DIR) or PostgreSQL through a pool.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from '../ops/dataDirLock.js';
import { connectionErrorSummary, isConnectionError } from './connectionErrors.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool's connections right now, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * LISTEN on a channel (NOTIFY from any instance, this one included). `onState(false)` says messages may be
   * missed from now on (the listening connection broke; it reconnects by itself), `onState(true)` that they
   * arrive again. Stops with close().
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Promise<void>;
  close(): Promise<void>;
}

/** The few pino methods the database uses (the server's logger fits). */
export interface DbLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OpenOptions {
  /** Runs right after the migrations, under the same lock: the demo seed, so it never runs twice. */
  afterMigrate?: (db: Db) => Promise<unknown>;
  log?: DbLog;
  /** PostgreSQL unreachable at start: wait and try again (doubling, capped), forever unless maxAttempts. */
  retry?: { initialDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  poolMax?: number;
}

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

/** pg_advisory_lock key that serialises migrate + seed across instances ('FC70' + 'MIGR'). */
export const MIGRATION_LOCK_KEY = 0x46433730_4d494752n;

const silentLog: DbLog = { info: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls connect until it succeeds, waiting longer after each connection error; other errors throw at once. */
export async function connectWithRetry<T>(connect: () => Promise<T>, log: DbLog, retry: OpenOptions['retry'] = {}): Promise<T> {
  let delay = retry.initialDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await connect();
      if (attempt > 1) log.info({ attempt }, 'database reachable');
      return result;
    } catch (err) {
      if (!isConnectionError(err) || (retry.maxAttempts !== undefined && attempt >= retry.maxAttempts)) throw err;
      log.warn({ attempt, retryInMs: delay, reason: connectionErrorSummary(err) }, 'database not reachable at start, retrying');
      await sleep(delay);
      delay = Math.min(delay * 2, retry.maxDelayMs ?? 15_000);
    }
  }
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseTarget = { databaseUrl: string } | { dataDir: string | null };

/**
 * Opens the database and applies every pending migration, then runs afterMigrate. dataDir null = in memory.
 * PostgreSQL: many instances may start at once; an advisory lock lets one migrate (and seed) while the
 * others wait, then find nothing left to do. PGlite: one process per DATA_DIR, guarded by a lock file.
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const log = options.log ?? silentLog;
  if ('databaseUrl' in target) {
    const max = options.poolMax ?? 10;
    // connectionTimeoutMillis: while the database is away a request fails within seconds (503), not never.
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max, connectionTimeoutMillis: 5000 });
    // An idle connection that dies (restart, failover, pg_terminate_backend) is dropped by the pool;
    // without a listener its 'error' would crash the process.
    pool.on('error', (err) => log.warn({ reason: connectionErrorSummary(err) }, 'idle database connection lost'));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      const locker = await connectWithRetry(() => pool.connect(), log, options.retry);
      try {
        await locker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
        await migratePg(db as never, { migrationsFolder });
        await options.afterMigrate?.(db);
      } finally {
        await locker.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
        locker.release();
      }
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    const listeners: pg.Client[] = [];
    let closed = false;
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      async listen(channel, onMessage, onState) {
        // A connection of its own, outside the pool: LISTEN holds it for the life of the process.
        const connect = async (delay: number): Promise<void> => {
          if (closed) return;
          const client = new pg.Client({ connectionString: target.databaseUrl, connectionTimeoutMillis: 5000 });
          let lost = false;
          const reconnect = () => {
            if (lost) return;
            lost = true;
            listeners.splice(listeners.indexOf(client), 1);
            client.end().catch(() => {});
            onState(false);
            if (!closed) setTimeout(() => void connect(Math.min(delay * 2, 15_000)), delay).unref();
          };
          client.on('error', (err) => {
            log.warn({ channel, reason: connectionErrorSummary(err) }, 'listening connection lost');
            reconnect();
          });
          client.on('end', reconnect);
          client.on('notification', (n) => {
            if (n.channel === channel) onMessage(n.payload ?? '');
          });
          listeners.push(client);
          try {
            await client.connect();
            await client.query(`listen "${channel.replace(/"/g, '')}"`);
            onState(true);
          } catch (err) {
            log.warn({ channel, reason: connectionErrorSummary(err) }, 'could not listen, retrying');
            reconnect();
          }
        };
        onState(false);
        await connect(500);
      },
      close: async () => {
        closed = true;
        await Promise.all(listeners.map((c) => c.end().catch(() => {})));
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    unlock = lockDataDir(target.dataDir);
    client = new PGlite(path.join(target.dataDir, 'pglite'));
  } else {
    client = new PGlite();
  }
  // PGlite's WAL segments are 1 MB: without this every new one is first written full of zeros, on the
  // server's own thread (a stall of the whole process several times a second under a stream of writes).
  // A recycled or sparse segment is just as safe: PostgreSQL never trusts WAL past the last valid record.
  await client.exec('set wal_init_zero = off');
  takeTurns(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
    await options.afterMigrate?.(db);
  } catch (err) {
    await client.close().catch(() => {});
    unlock();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
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
