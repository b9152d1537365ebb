// PostgreSQL through a node-postgres pool: migrations under an advisory lock, LISTEN on a connection of its own.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db, OpenOptions } from './client.js';
import { connectionErrorSummary } from './connectionErrors.js';
import { connectWithRetry, migrationsFolder, silentLog } from './driverShared.js';
import { prepareOnConnection } from './postgresPrepared.js';
import * as schema from './schema.js';

/** pg_advisory_lock key that serialises migrate + seed across instances ('FC70' + 'MIGR'). */
export const MIGRATION_LOCK_KEY = 0x46433730_4d494752n;

/**
 * How every pool of the app's connections opens, the server's and a file-work child's alike. connectionTimeoutMillis:
 * while the database is away a request fails within seconds (503), not never. No JIT compiling (decision 084): our
 * reads take milliseconds, and a plan whose estimate crosses jit_above_cost spent half a second compiling first (the
 * season's funnel: 669 ms, 34 ms without); the pool waits for the SET before it hands a new connection out.
 * Each query text is parsed and planned once per connection (decision 085); `unprepared` only for the test that
 * compares the answers with and without.
 */
export function poolSettings(connectionString: string, max: number, { unprepared = false } = {}): pg.PoolConfig {
  return {
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    onConnect: async (client) => {
      await client.query('set jit = off');
      if (!unprepared) prepareOnConnection(client);
    },
  };
}

export async function openPostgres(databaseUrl: string, options: OpenOptions = {}): Promise<Database> {
  const log = options.log ?? silentLog;
  const max = options.poolMax ?? 10;
  const pool = new pg.Pool(poolSettings(databaseUrl, max));
  // An idle connection that dies (restart, failover, pg_terminate_backend) is dropped by the pool;
  // without a listener its 'error' would crash the process.
  pool.on('error', (err) => log.warn({ reason: connectionErrorSummary(err) }, 'idle database connection lost'));
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    const locker = await connectWithRetry(() => pool.connect(), log, options.retry);
    try {
      await locker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      await migrate(db as never, { migrationsFolder });
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
    url: databaseUrl,
    serialStatements: false,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async listen(channel, onMessage, onState) {
      // A connection of its own, outside the pool: LISTEN holds it for the life of the process.
      const connect = async (delay: number): Promise<void> => {
        if (closed) return;
        const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
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
