// `npm run admin -- grant-beheerder LOGIN` on the embedded database: it makes the account beheerder (and says so
// in the log), and refuses to touch a DATA_DIR a running server holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { lockDataDir } from '../ops/dataDirLock.js';
import { queryRows } from '../test/harness.js';
import { texts } from '../texts.js';
import { runAdminCommand } from './admin.js';

describe('npm run admin -- grant-beheerder', () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir, NODE_ENV: 'test' });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-admin-'));
    const database = await openDatabase({ dataDir });
    await seedDemo(database.db, new Date(2026, 10, 23), { shops: 3 });
    await database.close();
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const rolesOf = async (login: string) => {
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await queryRows<{ roles: string[] }>(database, sql`select roles from users where lower(login) = ${login}`);
      const log = await queryRows<{ action: string; actor_user_id: number | null }>(
        database,
        sql`select action, actor_user_id from audit_log order by id`,
      );
      return { roles: row.roles, log };
    } finally {
      await database.close();
    }
  };

  it('makes an existing account beheerder, logged without an actor', async () => {
    const lines: string[] = [];
    expect(await runAdminCommand(['grant-beheerder', 'Demo@Example.com'], (l) => lines.push(l), env())).toBe(0);
    expect(lines).toEqual([texts.adminCommand.granted('demo@example.com', 'Sofie Janssens')]);
    expect(await rolesOf('demo@example.com')).toEqual({ roles: ['beheerder'], log: [{ action: 'person.update', actor_user_id: null }] });
    // Once more changes nothing and logs nothing.
    expect(await runAdminCommand(['grant-beheerder', 'demo@example.com'], () => {}, env())).toBe(0);
    expect((await rolesOf('demo@example.com')).log).toHaveLength(1);
  }, 60_000);

  it('says so for an unknown login and for a wrong call', async () => {
    const lines: string[] = [];
    expect(await runAdminCommand(['grant-beheerder', 'niemand@example.com'], (l) => lines.push(l), env())).toBe(1);
    expect(await runAdminCommand(['iets-anders'], (l) => lines.push(l), env())).toBe(2);
    expect(lines).toEqual([texts.adminCommand.unknownLogin('niemand@example.com'), texts.adminCommand.usage]);
  }, 60_000);

  it('leaves a DATA_DIR alone while a server holds it', async () => {
    const unlock = lockDataDir(dataDir);
    try {
      // The lock holds our own pid, which the command would take over as stale; a foreign live pid is a server.
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path.join(dataDir, 'prospectie.lock'), `${process.ppid}\n`);
      const lines: string[] = [];
      expect(await runAdminCommand(['grant-beheerder', 'collega@example.com'], (l) => lines.push(l), env())).toBe(1);
      expect(lines.at(-1)).toBe(texts.commands.stopServerFirst);
    } finally {
      unlock();
      rmSync(path.join(dataDir, 'prospectie.lock'), { force: true });
    }
    expect((await rolesOf('collega@example.com')).roles).toEqual([]);
  }, 60_000);
});
