// PGlite's queries as prepared statements answer what PGlite's own query answers, errors and changed tables included.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPglite } from './pglite.js';
import { PREPARED_STATEMENTS_MAX, prepareQueries } from './pglitePrepared.js';

describe('PGlite queries as prepared statements', () => {
  let own: PGlite;
  let prepared: PGlite;
  beforeAll(async () => {
    [own, prepared] = [newPglite(null), newPglite(null)];
    for (const client of [own, prepared])
      await client.exec(`create table t (id serial primary key, name text not null unique, born date, tags text[], doc jsonb,
        price numeric, at timestamptz default '2026-11-28 10:00:00+01', bytes bytea)`);
    prepareQueries(prepared);
  }, 60_000);
  afterAll(async () => Promise.all([own?.close(), prepared?.close()]));

  /** The same calls on both clients: what they answer, or the error's code, constraint and query. */
  const both = async (text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) => {
    const answer = (client: PGlite) =>
      client.query(text, params, options).then(
        (r) => r,
        (e: { code?: string; constraint?: string; query?: string; params?: unknown[]; message: string }) => ({
          error: { code: e.code, constraint: e.constraint, query: e.query, params: e.params, message: e.message },
        }),
      );
    const [a, b] = [await answer(own), await answer(prepared)];
    expect(b).toEqual(a);
    return b;
  };
  const rowsOf = (answer: Awaited<ReturnType<typeof both>>) => ('rows' in answer ? answer.rows : []);

  it('writes and reads every kind of value alike, as objects and as arrays, with the rows it changed', async () => {
    for (let i = 0; i < 8; i++)
      await both('insert into t (name, born, tags, doc, price) values ($1, $2::date, $3, $4, $5) returning *', [
        `n${i}`,
        '2026-01-0' + (i + 1),
        ['a', `b${i}`],
        { i, list: [1, 2] },
        i / 4,
      ]);
    expect(rowsOf(await both('select * from t where id > $1 order by id', [2]))).toHaveLength(6);
    await both('select id, name, tags, doc from t order by id', [], { rowMode: 'array' });
    await both('select born, at from t where id = $1', [1], { parsers: { 1082: (v: string) => `day ${v}`, 1184: (v: string) => v } });
    expect(await both('update t set price = price + 1 where id <= $1', [3])).toMatchObject({ affectedRows: 3 });
    await both('with gone as (delete from t where id = $1 returning id) select count(*)::int as n from gone', [8]);
  });

  it('writes bytes as they are (every byte value, a Buffer and a Uint8Array) and reads them back alike', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    for (const [name, bytes] of [
      ['buffer', every],
      ['array', new Uint8Array(every).subarray(3, 200)],
      ['empty', Buffer.alloc(0)],
    ] as const)
      await both('insert into t (name, bytes) values ($1, $2) returning bytes', [name, bytes]);
    const rows = rowsOf(await both(`select name, bytes from t where name in ('buffer', 'array', 'empty') order by name`)) as {
      name: string;
      bytes: Uint8Array;
    }[];
    expect(rows.map((r) => [r.name, Buffer.from(r.bytes).toString('hex')])).toEqual([
      ['array', every.subarray(3, 200).toString('hex')],
      ['buffer', every.toString('hex')],
      ['empty', ''],
    ]);
  });

  it('fails as PGlite fails: the constraint, the code, the query and its parameters on the error, and goes on', async () => {
    const error = await both('insert into t (name) values ($1)', ['n1']);
    expect(error).toMatchObject({ error: { code: '23505', constraint: 't_name_key' } });
    await both('select nope from t');
    await both('select name from t where id = $1', [1]);
  });

  it('reads a table changed since its statement was prepared', async () => {
    await both('select * from t where id = $1', [1]);
    for (const client of [own, prepared]) await client.exec('alter table t add column extra int default 7');
    expect(rowsOf(await both('select * from t where id = $1', [1]))).toEqual([expect.objectContaining({ extra: 7 })]);
  });

  it('keeps answering past the number of statements it keeps prepared', async () => {
    for (let i = 0; i < PREPARED_STATEMENTS_MAX + 20; i++) await both(`select $1::int + ${i} as n`, [i]);
    await both('select count(*)::int as n from t where id > $1', [0]);
    const held = await prepared.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(held.rows[0].n).toBe(PREPARED_STATEMENTS_MAX);
  });

  it('leaves statements other than reads and writes, and transactions, to PGlite', async () => {
    await both('set statement_timeout = 0');
    await prepared.transaction(async (tx) => {
      await tx.query('insert into t (name) values ($1)', ['in a transaction']);
    });
    await own.query('insert into t (name) values ($1)', ['in a transaction']);
    await both('select name from t where name = $1', ['in a transaction']);
  });
});
