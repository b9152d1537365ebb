// The shop import run whole in a file-work child when the database is PostgreSQL (docs/decisions/067-shop-import-in-a-file-work-child.md):
// reading, classifying 20,000 rows against the shops and writing them hold the CPU for seconds, which on the server's
// one thread slowed every rep's request while an import ran. Here they run at the child's lower priority, on a
// connection of the child's own; the server only passes the report on. Loaded by the child for this task alone.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { poolSettings } from '../db/postgres.js';
import * as schema from '../db/schema.js';
import { importShops, type ShopImportInput } from '../services/import/shops.js';
import { readTableOrColumns } from '../services/import/readFile.js';

let open: { url: string; pool: pg.Pool; db: Db } | null = null;

/** One connection, kept while the child lives for the next import (a child rests a few seconds, then ends). */
function databaseAt(url: string): Db {
  if (open?.url === url) return open.db;
  const previous = open?.pool;
  void previous?.end().catch(() => {});
  const pool = new pg.Pool(poolSettings(url, 1));
  // An idle connection that dies is dropped by the pool; the next import opens another.
  pool.on('error', () => {});
  open = { url, pool, db: drizzle(pool, { schema }) as unknown as Db };
  return open.db;
}

/**
 * The import's report as JSON text, serialised here too: 20,000 rows read and written again on the server's thread
 * took a share of it the reps' requests felt. `onRead`: the file is read (within the reading's deadline); what follows
 * is the database's work.
 */
export async function runShopImport(databaseUrl: string, input: ShopImportInput, onRead: () => void): Promise<{ json: Uint8Array }> {
  const report = await importShops(databaseAt(databaseUrl), input, async (bytes, rows) => {
    const table = readTableOrColumns(bytes, rows);
    onRead();
    return table;
  });
  return { json: Buffer.from(JSON.stringify(report)) };
}
