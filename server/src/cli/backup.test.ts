// `npm run backup` / `npm run restore` on the embedded database: a seeded database copied into a file and back into
// an empty DATA_DIR holds the same rows; a non-empty database is replaced only with --force; a DATA_DIR a running
// server holds, and a file that is no backup, are left alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { buildApp } from '../app.js';
import { queryRows, signInTo, testConfig } from '../test/harness.js';
import { texts } from '../texts.js';
import { runBackupCommand, runRestoreCommand } from './backup.js';

async function contentsOf(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const tables = await queryRows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      if (table_name === 'sessions') continue; // a sign-in of the API test below makes one
      const [{ n }] = await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from "${table_name}"`));
      counts[table_name] = n;
    }
    const shops = await queryRows<{ name: string }>(database, sql`select name from shops order by id`);
    return { counts, shops: shops.map((s) => s.name) };
  } finally {
    await database.close();
  }
}

/** What the API answers a rep and an administrator on the database in dataDir: shops, a shop, her to-dos, the log. */
async function apiAnswersOf(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const app = await buildApp({ config: testConfig(), database });
  try {
    const rep = await signInTo(app, 'demo@example.com');
    const admin = await signInTo(app, 'beheer@example.com');
    const get = async (url: string, cookie: string) => {
      const res = await app.inject({ url, headers: { cookie } });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const shops = await get('/api/shops', rep);
    const firstShop = (shops.body as { id: number }[])[0].id;
    return {
      shops,
      shop: await get(`/api/shops/${firstShop}`, rep),
      visits: await get(`/api/shops/${firstShop}/prospections`, rep),
      people: await get('/api/admin/people', admin),
      brands: await get('/api/admin/brands', admin),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

describe('npm run backup / npm run restore (embedded database)', () => {
  let root: string;
  let source: string;
  let backupFile: string;
  let before: Awaited<ReturnType<typeof contentsOf>>;
  const env = (dataDir: string) => ({ DATA_DIR: dataDir, NODE_ENV: 'test', INIT_CWD: root });

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'prospectie-backup-'));
    source = path.join(root, 'source');
    backupFile = path.join(root, 'kopie.tar.gz');
    const database = await openDatabase({ dataDir: source });
    await seedDemo(database.db, new Date(2026, 10, 23), { shops: 12 });
    await database.close();
    before = await contentsOf(source);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies a seeded database into a file and back into an empty DATA_DIR, every row there', async () => {
    const lines: string[] = [];
    // A relative name is where the operator typed the command (INIT_CWD), not server/.
    expect(await runBackupCommand(['kopie.tar.gz'], (l) => lines.push(l), env(source))).toBe(0);
    expect(lines[0]).toMatch(/^Kopie geschreven: .*kopie\.tar\.gz/);

    const fresh = path.join(root, 'fresh');
    expect(await runRestoreCommand([backupFile], (l) => lines.push(l), env(fresh))).toBe(0);
    expect(lines.at(-1)).toBe(texts.backupCommand.restored(backupFile, fresh));
    const after = await contentsOf(fresh);
    expect(after).toEqual(before);
    expect(after.counts.shops).toBe(12);
    expect(after.counts.prospections).toBeGreaterThan(0);
  }, 120_000);

  it('serves the same API answers from the restored copy as from the original', async () => {
    const original = await apiAnswersOf(source);
    expect(original.shops.status).toBe(200);
    expect((original.shops.body as unknown[]).length).toBe(12);
    expect(await apiAnswersOf(path.join(root, 'fresh'))).toEqual(original);
  }, 120_000);

  it('refuses to replace a database with data without --force, and keeps the old one beside it with --force', async () => {
    const target = path.join(root, 'target');
    const database = await openDatabase({ dataDir: target });
    await seedDemo(database.db, new Date(2026, 10, 23), { shops: 3 });
    await database.close();

    const lines: string[] = [];
    expect(await runRestoreCommand([backupFile], (l) => lines.push(l), env(target))).toBe(1);
    expect(lines).toEqual([texts.backupCommand.notEmpty(target)]);
    expect((await contentsOf(target)).counts.shops).toBe(3);

    expect(await runRestoreCommand([backupFile, '--force'], (l) => lines.push(l), env(target))).toBe(0);
    expect(await contentsOf(target)).toEqual(before);
    expect(lines.some((l) => l.startsWith('De vorige databank staat nu in '))).toBe(true);
  }, 120_000);

  it('restores into a DATA_DIR whose database exists but holds no data, without --force', async () => {
    const empty = path.join(root, 'empty');
    await (await openDatabase({ dataDir: empty })).close();
    expect(await runRestoreCommand([backupFile], () => {}, env(empty))).toBe(0);
    expect((await contentsOf(empty)).counts.shops).toBe(12);
  }, 120_000);

  it('leaves DATA_DIR alone for a file that is no backup', async () => {
    const target = path.join(root, 'no-backup');
    const notGzip = path.join(root, 'winkels.csv');
    writeFileSync(notGzip, 'nummer;naam\n1;Winkel\n');
    const lines: string[] = [];
    expect(await runRestoreCommand([notGzip], (l) => lines.push(l), env(target))).toBe(1);
    expect(await runRestoreCommand([path.join(root, 'bestaat-niet.tar.gz')], (l) => lines.push(l), env(target))).toBe(1);
    expect(lines).toEqual([
      texts.backupCommand.notABackup(notGzip),
      texts.backupCommand.noSuchFile(path.join(root, 'bestaat-niet.tar.gz')),
    ]);
  }, 60_000);

  it('refuses both while a server holds the DATA_DIR lock, and says why in Dutch', async () => {
    // A live foreign pid in the lock file is a running server (our own pid would be taken over as stale).
    const lockFile = path.join(source, 'prospectie.lock');
    writeFileSync(lockFile, `${process.ppid}\n`);
    try {
      const lines: string[] = [];
      expect(await runBackupCommand([path.join(root, 'andere.tar.gz')], (l) => lines.push(l), env(source))).toBe(1);
      expect(await runRestoreCommand([backupFile, '--force'], (l) => lines.push(l), env(source))).toBe(1);
      expect(lines).toEqual([
        texts.dataDir.inUse(source, process.ppid),
        texts.commands.stopServerFirst,
        texts.dataDir.inUse(source, process.ppid),
        texts.commands.stopServerFirst,
      ]);
    } finally {
      rmSync(lockFile, { force: true });
    }
    expect(await contentsOf(source)).toEqual(before);
  }, 60_000);

  it('points PostgreSQL to pg_dump, and explains a wrong call', async () => {
    const lines: string[] = [];
    expect(
      await runBackupCommand(['x.tar.gz'], (l) => lines.push(l), { DATABASE_URL: 'postgres://u@127.0.0.1:1/db', NODE_ENV: 'test' }),
    ).toBe(2);
    expect(await runBackupCommand([], (l) => lines.push(l), env(source))).toBe(2);
    expect(await runRestoreCommand(['--force'], (l) => lines.push(l), env(source))).toBe(2);
    expect(lines).toEqual([texts.backupCommand.postgresUsesPgDump, texts.backupCommand.usage, texts.backupCommand.restoreUsage]);
  });
});
