// Opens the database: PGlite (embedded, persisted under DATA_DIR) or PostgreSQL through a pool.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbLog, RetryOptions } from './driverShared.js';
import type * as schema from './schema.js';

export { connectWithRetry, migrationsFolder } from './driverShared.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * True when the database runs one statement at a time (PGlite: one connection). A statement that writes an
   * idempotency key with its work then needs no claim taken beforehand (services/idempotency.ts).
   */
  serialStatements: boolean;
  /** PostgreSQL only: its address, for a file-work child that imports on a connection of its own (decision 067). */
  url?: string;
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

export interface OpenOptions {
  /** Runs right after the migrations, under the same lock: the demo seed, so it never runs twice. */
  afterMigrate?: (db: Db) => Promise<unknown>;
  log?: DbLog;
  /** PostgreSQL unreachable at start: wait and try again (doubling, capped), forever unless maxAttempts. */
  retry?: RetryOptions;
  poolMax?: number;
  /** PGlite: the caller (main.ts) holds the DATA_DIR lock already, taken before the heavy modules load. */
  dataDirLocked?: boolean;
  /**
   * PGlite in memory: start from this archive of a data directory (PGlite's dumpDataDir) instead of an empty
   * cluster. The tests start every suite from one migrated archive instead of running initdb and the migrations again.
   */
  loadDataDir?: Blob;
}

export type DatabaseTarget = { databaseUrl: string } | { dataDir: string | null };

/**
 * Opens the database and applies every pending migration, then runs afterMigrate. dataDir null = in memory.
 * PostgreSQL: many instances may start at once; an advisory lock lets one migrate (and seed) while the
 * others wait, then find nothing left to do. PGlite: one process per DATA_DIR, guarded by a lock file.
 * Each driver lives in its own module and is loaded only when used.
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if ('databaseUrl' in target) return (await import('./postgres.js')).openPostgres(target.databaseUrl, options);
  return (await import('./pglite.js')).openPglite(target.dataDir, options);
}
