// `npm run import -- shops FILE [--dry-run] [--mapping FILE]` on the embedded database and on PostgreSQL: the sample
// ERP file imported through the same service as the API, its exit codes (0 all imported, 1 rows or the file refused,
// 2 a wrong call), and a DATA_DIR a running server holds left alone.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseTarget } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { dbKinds, queryRows } from '../test/harness.js';
import { texts } from '../texts.js';
import { runImportCommand } from './import.js';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/samples');

describe.each(dbKinds)('npm run import on %s', (kind) => {
  let root: string;
  let target: DatabaseTarget;
  let env: NodeJS.ProcessEnv;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'prospectie-import-'));
    if (kind === 'pglite') {
      target = { dataDir: path.join(root, 'data') };
      env = { DATA_DIR: path.join(root, 'data'), NODE_ENV: 'test', INIT_CWD: samples };
    } else {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `prospectie_test_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      target = { databaseUrl: url.toString() };
      env = { DATABASE_URL: url.toString(), NODE_ENV: 'test', INIT_CWD: samples };
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      };
    }
    const database = await openDatabase(target);
    await seedDemo(database.db, new Date(2026, 10, 23), { shops: 3 });
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await dropDatabase();
    rmSync(root, { recursive: true, force: true });
  });

  const imported = async () => {
    const database = await openDatabase(target);
    try {
      const shops = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from shops where external_number is not null`);
      const log = await queryRows<{ actor_user_id: number | null }>(
        database,
        sql`select actor_user_id from audit_log where action = 'shop.import'`,
      );
      return { shops: shops[0].n, log };
    } finally {
      await database.close();
    }
  };

  it('tries the sample file with --dry-run (nothing written), then imports it; exit 1 for the refused rows', async () => {
    const lines: string[] = [];
    const args = ['shops', 'winkels-erp.csv', '--mapping', 'winkels-erp.mapping.json'];
    expect(await runImportCommand([...args, '--dry-run'], (l) => lines.push(l), env)).toBe(1);
    expect(lines).toContain(`Rij 7 (klantnummer C1006) geweigerd: ${texts.importCommand.reasons.city_unknown}`);
    expect(lines.at(-1)).toBe(texts.importCommand.counts({ new: 5, changed: 0, unchanged: 0, refused: 5 }, false));
    expect(await imported()).toEqual({ shops: 0, log: [] });

    lines.length = 0;
    expect(await runImportCommand(args, (l) => lines.push(l), env)).toBe(1);
    expect(lines.at(-1)).toBe(texts.importCommand.counts({ new: 5, changed: 0, unchanged: 0, refused: 5 }, true));
    expect(await imported()).toEqual({ shops: 5, log: [{ actor_user_id: null }] });
  }, 120_000);

  it('exits 0 for a file with nothing refused, and again without changing anything', async () => {
    const file = path.join(root, 'goed.csv');
    writeFileSync(file, 'Klantnummer;Naam;Postcode;Gemeente\r\nC2001;Nieuwe Winkel;9000;Gent\r\n');
    const lines: string[] = [];
    expect(await runImportCommand(['shops', file], (l) => lines.push(l), env)).toBe(0);
    expect(await runImportCommand(['shops', file], (l) => lines.push(l), env)).toBe(0);
    expect(lines).toEqual([
      texts.importCommand.counts({ new: 1, changed: 0, unchanged: 0, refused: 0 }, true),
      texts.importCommand.counts({ new: 0, changed: 0, unchanged: 1, refused: 0 }, true),
    ]);
    expect((await imported()).shops).toBe(6);
  }, 120_000);

  it('imports the cities of a new country, after which the shop of that country is no longer refused', async () => {
    const file = path.join(root, 'duitsland.csv');
    writeFileSync(file, 'Postcode;Gemeente\r\n50667;Köln\r\n10115;Berlin\r\n50667; KÖLN \r\n;Nergens\r\n');
    const lines: string[] = [];
    const args = ['cities', file, '--country', 'Duitsland'];
    expect(await runImportCommand([...args, '--dry-run'], (l) => lines.push(l), env)).toBe(1);
    expect(await runImportCommand(args, (l) => lines.push(l), env)).toBe(1);
    expect(await runImportCommand(args, (l) => lines.push(l), env)).toBe(1);
    expect(lines.filter((l) => !l.startsWith('Rij 5'))).toEqual([
      texts.importCommand.counts({ new: 2, changed: 0, unchanged: 1, refused: 1 }, false),
      texts.importCommand.counts({ new: 2, changed: 0, unchanged: 1, refused: 1 }, true),
      texts.importCommand.counts({ new: 0, changed: 0, unchanged: 3, refused: 1 }, true),
    ]);
    // The sample's C1009 (Köln, Duitsland) now finds its country and city.
    lines.length = 0;
    await runImportCommand(['shops', 'winkels-erp.csv', '--mapping', 'winkels-erp.mapping.json', '--dry-run'], (l) => lines.push(l), env);
    expect(lines.some((l) => l.includes('C1009'))).toBe(false);
    const database = await openDatabase(target);
    try {
      const log = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from audit_log where action = 'city.import'`);
      expect(log[0].n).toBe(2);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('says what is wrong with a file, a mapping or the call', async () => {
    const lines: string[] = [];
    const pdf = path.join(root, 'winkels.pdf');
    writeFileSync(pdf, Buffer.from('%PDF-1.7\n\0\0'));
    expect(await runImportCommand(['shops', pdf], (l) => lines.push(l), env)).toBe(1);
    expect(await runImportCommand(['shops', 'winkels-erp.csv'], (l) => lines.push(l), env)).toBe(1);
    expect(await runImportCommand(['shops', 'winkels-erp.csv', '--mapping', 'winkels-erp.csv'], (l) => lines.push(l), env)).toBe(2);
    expect(await runImportCommand(['shops', 'bestaat-niet.csv'], (l) => lines.push(l), env)).toBe(2);
    expect(await runImportCommand(['cities', 'winkels-erp.csv'], (l) => lines.push(l), env)).toBe(2);
    expect(lines).toEqual([
      texts.importCommand.fileErrors.import_file_type,
      texts.importCommand.fileErrors.import_mapping_incomplete,
      texts.importCommand.badMapping('winkels-erp.csv'),
      texts.importCommand.noSuchFile('bestaat-niet.csv'),
      texts.importCommand.usage,
    ]);
  }, 120_000);
});

describe('npm run import -- shops beside a running server on the embedded database', () => {
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'prospectie-import-lock-'));
    await (await openDatabase({ dataDir: path.join(root, 'data') })).close();
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('leaves a DATA_DIR alone while a server holds it, and says why in Dutch', async () => {
    const env = { DATA_DIR: path.join(root, 'data'), NODE_ENV: 'test', INIT_CWD: samples };
    // A live foreign pid in the lock file is a running server (our own pid would be taken over as stale).
    const lockFile = path.join(root, 'data', 'prospectie.lock');
    writeFileSync(lockFile, `${process.ppid}\n`);
    try {
      const lines: string[] = [];
      expect(await runImportCommand(['shops', 'winkels-erp.csv', '--mapping', 'winkels-erp.mapping.json'], (l) => lines.push(l), env)).toBe(
        1,
      );
      expect(lines).toEqual([texts.dataDir.inUse(path.join(root, 'data'), process.ppid), texts.commands.stopServerFirst]);
    } finally {
      rmSync(lockFile, { force: true });
    }
  }, 60_000);
});
