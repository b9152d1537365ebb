// The app's queries are parsed and planned once per connection, not on every call (decisions 076 and 085): the same
// answers as before, a bounded number of statements per connection, and a table changed underneath still answered.
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, queryRows } from '../test/harness.js';
import type { Database, Db } from './client.js';
import { poolSettings } from './postgres.js';
import { plannedRowsOf, rowsOf } from './rows.js';
import { PREPARED_PER_CONNECTION_MAX } from './postgresPrepared.js';
import * as schema from './schema.js';

const { cities, countries } = schema;

/**
 * The database through one connection opened as the app opens its pools (poolSettings), so the statements counted
 * are the ones its queries ran on; PGlite has one connection of its own.
 */
function oneConnection(database: Database, unprepared = false): Database & { end(): Promise<void> } {
  if (database.kind === 'pglite') return { ...database, end: async () => {} };
  const pool = new pg.Pool(poolSettings(database.url!, 1, { unprepared }));
  // pool.end() resolves before its connections have closed; the suite's database is dropped right after, and a
  // connection still closing then gets PostgreSQL's 'terminating connection', which the pool throws as an unhandled
  // error. So end() also waits for each connection's own end.
  const ended: Promise<void>[] = [];
  pool.on('connect', (client) => ended.push(new Promise((resolve) => client.once('end', () => resolve()))));
  return {
    ...database,
    db: drizzle(pool, { schema }) as unknown as Db,
    end: async () => {
      await pool.end();
      await Promise.all(ended);
    },
  };
}

const preparedCount = async (database: Database, text: string) =>
  (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`))[0].n;

describe.each(dbKinds)('a query run again on %s', (kind) => {
  let opened: Database;
  let database: ReturnType<typeof oneConnection>;
  beforeAll(async () => {
    opened = await createTestDatabase(kind);
    database = oneConnection(opened);
  });
  afterAll(async () => {
    await database?.end();
    await opened?.close();
  });

  it('is a named prepared statement of its connection, prepared once', async () => {
    const query = database.db.select({ id: countries.id, name: countries.name }).from(countries).where(eq(countries.id, -1));
    for (let i = 0; i < 3; i++) expect(await query).toEqual([]);
    expect(await preparedCount(database, query.toSQL().sql)).toBe(1);
  });

  it('is not kept when it is a read planned per call: planned for its values each time (decision 090)', async () => {
    const text = sql`select name from countries where id between ${-2}::int and ${-1}::int`;
    const kept = async () =>
      (
        await queryRows<{ n: number }>(
          database,
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%from countries where id between%'}`,
        )
      )[0].n;
    // Past the five calls after which a kept statement may switch to its generic plan.
    for (let i = 0; i < 7; i++) expect(await plannedRowsOf(database.db, text)).toEqual([]);
    expect(await kept()).toBe(0);
    // The same read the ordinary way is kept, as every other is.
    for (let i = 0; i < 2; i++) expect(await rowsOf(database.db, text)).toEqual([]);
    expect(await kept()).toBe(1);
  });
});

describe.each(dbKinds.filter((kind) => kind === 'postgres'))('prepared statements on %s', (kind) => {
  let opened: Database;
  let prepared: ReturnType<typeof oneConnection>;
  let unprepared: ReturnType<typeof oneConnection>;
  beforeAll(async () => {
    opened = await createTestDatabase(kind);
    prepared = oneConnection(opened);
    unprepared = oneConnection(opened, true);
  });
  afterAll(async () => {
    await Promise.all([prepared?.end(), unprepared?.end()]);
    await opened?.close();
  });

  it('answers every kind of value as an unnamed query does, in rows as objects and as arrays, past the generic plan', async () => {
    const read = (database: Database, n: number) =>
      queryRows(
        database,
        sql`select ${n}::int as i, ${String(2 ** 40 + n)}::bigint as big, ${`${n}.25`}::numeric as num, ${`tekst ${n}`}::text as t,
          ${'2026-11-28'}::date + ${n}::int as d, ${'2026-11-28T10:00:00Z'}::timestamptz as ts, '1 day'::interval as iv,
          ${JSON.stringify({ n, naam: 'Één' })}::jsonb as j, array[${n}, 2]::int[] as a, null::text as z, (${n} % 2 = 0) as even,
          decode('00ff', 'hex') as bytes`,
      );
    const joined = (database: Database) =>
      database.db
        .select({ city: cities.name, country: countries.name })
        .from(cities)
        .leftJoin(countries, eq(countries.id, cities.countryId))
        .where(eq(cities.id, -1));
    await prepared.db.execute(sql`insert into countries (name) values ('Testland') on conflict do nothing`);
    // Seven calls: PostgreSQL plans the first five for their values, then may keep one generic plan.
    for (let n = 0; n < 7; n++) {
      expect(await read(prepared, n)).toEqual(await read(unprepared, n));
      expect(await joined(prepared)).toEqual(await joined(unprepared));
    }
    expect(await preparedCount(unprepared, joined(unprepared).toSQL().sql)).toBe(0);
    expect(await preparedCount(prepared, joined(prepared).toSQL().sql)).toBe(1);
  });

  it('answers with the new columns after a table changed under a prepared statement', async () => {
    await prepared.db.execute(sql`create table changing (a int)`);
    await prepared.db.execute(sql`insert into changing values (1)`);
    const read = () => queryRows(prepared, sql`select * from changing`);
    expect(await read()).toEqual([{ a: 1 }]);
    expect(await read()).toEqual([{ a: 1 }]);
    await prepared.db.execute(sql`alter table changing add column b int default 7`);
    expect(await read()).toEqual([{ a: 1, b: 7 }]);
    expect(await read()).toEqual([{ a: 1, b: 7 }]);
  });

  it('inside a transaction, a table changed under a prepared statement fails that transaction only', async () => {
    await prepared.db.execute(sql`create table changing_in_tx (a int)`);
    await prepared.db.execute(sql`insert into changing_in_tx values (1)`);
    const read = (db: Database['db']) => queryRows({ ...prepared, db }, sql`select * from changing_in_tx`);
    const inTransaction = () => prepared.db.transaction(async (tx) => read(tx as unknown as Database['db']));
    expect(await inTransaction()).toEqual([{ a: 1 }]);
    await prepared.db.execute(sql`alter table changing_in_tx add column b int default 7`);
    // PostgreSQL's own refusal, not 'current transaction is aborted' from a second try.
    await expect(inTransaction()).rejects.toMatchObject({ cause: { code: '0A000' } });
    expect(await inTransaction()).toEqual([{ a: 1, b: 7 }]);
    expect(await read(prepared.db)).toEqual([{ a: 1, b: 7 }]);
  });

  it('a statement first prepared in a transaction that rolled back is used again afterwards', async () => {
    const read = (db: Database['db']) => db.select({ id: countries.id }).from(countries).where(eq(countries.name, 'Nergensland'));
    await expect(
      prepared.db.transaction(async (tx) => {
        expect(await read(tx as unknown as Database['db'])).toEqual([]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await read(prepared.db)).toEqual([]);
    expect(await read(prepared.db)).toEqual([]);
  });

  it('keeps at most its cap of statements on a connection; texts past it still answer', async () => {
    const texts = PREPARED_PER_CONNECTION_MAX + 20;
    for (let n = 0; n < texts; n++) {
      const [row] = await queryRows<{ n: number }>(prepared, sql.raw(`select ${n}::int as n, 'cap' as kind`));
      expect(row.n).toBe(n);
    }
    const [{ held }] = await queryRows<{ held: number }>(prepared, sql`select count(*)::int as held from pg_prepared_statements`);
    expect(held).toBe(PREPARED_PER_CONNECTION_MAX);
  });
});
