// A DATA_DIR made by PGlite 0.3.8, and a backup written by it, carry over to the PGlite the server runs now
// (docs/decisions/072-pglite-memory.md): opened in place, every row is there and the database takes writes; restored
// by `npm run restore`, the same. PGlite only: PostgreSQL's data directories are its own server's business.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite03 } from 'pglite-0.3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRestoreCommand } from '../cli/backup.js';
import { queryRows } from '../test/harness.js';
import { migrationsFolder, openDatabase, type Database, type Db } from './client.js';
import * as schema from './schema.js';
import { seedDemo } from './seed.js';

const TABLES = ['users', 'employees', 'shops', 'prospections', 'todos', 'appointments', 'brands', 'cities'];

async function countsOf(query: (text: string) => Promise<{ n: number }[]>) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = (await query(`select count(*)::int as n from "${table}"`))[0].n;
  return counts;
}

const countsIn = (database: Database) => countsOf((text) => queryRows<{ n: number }>(database, sql.raw(text)));

describe('a DATA_DIR and a backup made by PGlite 0.3.8', () => {
  let root: string;
  let oldDataDir: string;
  let backupFile: string;
  let before: Record<string, number>;
  let shopNames: string[];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'prospectie-pglite-upgrade-'));
    oldDataDir = path.join(root, 'old');
    mkdirSync(oldDataDir);
    // As the server at 0.3.8 made it: its default database, the migrations of that time (every one we have: none
    // since touches what PGlite stores differently), the demo seed.
    const client = new PGlite03(path.join(oldDataDir, 'pglite'));
    const db = drizzle(client as never, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    await seedDemo(db);
    expect((await client.query<{ v: string }>('show server_version')).rows[0]).toEqual({ server_version: '17.5' });
    before = await countsOf(async (text) => (await client.query<{ n: number }>(text)).rows);
    shopNames = (await client.query<{ name: string }>('select name from shops order by id')).rows.map((r) => r.name);
    // What `npm run backup` wrote at 0.3.8.
    await client.exec('checkpoint');
    backupFile = path.join(root, 'backup-0.3.8.tar.gz');
    writeFileSync(backupFile, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    await client.close();
  }, 120_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('opens in place with every row, takes writes, and keeps them after a restart', async () => {
    expect(before.shops).toBeGreaterThan(0);
    expect(before.prospections).toBeGreaterThan(0);
    const database = await openDatabase({ dataDir: oldDataDir });
    try {
      expect(await countsIn(database)).toEqual(before);
      expect((await queryRows<{ name: string }>(database, sql`select name from shops order by id`)).map((r) => r.name)).toEqual(shopNames);
      const [settings] = await queryRows<{ db: string; buffers: string; version: string }>(
        database,
        sql`select current_database() as db, current_setting('shared_buffers') as buffers, current_setting('server_version') as version`,
      );
      expect(settings).toEqual({ db: 'template1', buffers: '16MB', version: '17.5' });
      await database.db.execute(sql`update shops set name = name || ' (na upgrade)' where id = (select min(id) from shops)`);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: oldDataDir });
    try {
      const [{ name }] = await queryRows<{ name: string }>(again, sql`select name from shops order by id limit 1`);
      expect(name).toBe(`${shopNames[0]} (na upgrade)`);
      expect(await countsIn(again)).toEqual(before);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('restores from its backup file with every row', async () => {
    const dataDir = path.join(root, 'restored');
    const said: string[] = [];
    expect(await runRestoreCommand([backupFile], (line) => said.push(line), { DATA_DIR: dataDir })).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      expect(await countsIn(database)).toEqual(before);
      expect((await queryRows<{ name: string }>(database, sql`select name from shops order by id`)).map((r) => r.name)).toEqual(shopNames);
    } finally {
      await database.close();
    }
  }, 60_000);
});
