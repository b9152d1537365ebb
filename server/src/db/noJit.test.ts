// The server's connections plan no JIT compiling (decision 084): a read whose estimate crosses PostgreSQL's
// jit_above_cost would otherwise spend hundreds of milliseconds compiling before it runs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, queryRows } from '../test/harness.js';
import type { Database } from './client.js';

describe.each(dbKinds)('no JIT on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('every connection of the pool has JIT off, the ones opened last included', async () => {
    // Four at once, each held for a moment, so the pool (ten at most) opens new connections for them; PGlite has one.
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        queryRows<{ pid: number; jit: string }>(
          database,
          sql`select pg_backend_pid() as pid, current_setting('jit') as jit from pg_sleep(0.3)`,
        ).then(([row]) => row),
      ),
    );
    expect(new Set(rows.map((r) => r.pid)).size).toBe(kind === 'postgres' ? 4 : 1);
    expect(rows.map((r) => r.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('plans a read costed above jit_above_cost without JIT, where the server could compile it', async () => {
    const [costly] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number }; JIT?: unknown }] }>(
      database,
      sql`explain (format json) select sum(a.x * b.x) from generate_series(1, 10000) a(x), generate_series(1, 1000) b(x)`,
    );
    const [{ above }] = await queryRows<{ above: number }>(database, sql`select current_setting('jit_above_cost')::float8 as above`);
    const plan = costly['QUERY PLAN'][0];
    expect(plan.Plan['Total Cost']).toBeGreaterThan(above);
    expect(plan.JIT).toBeUndefined();
  });
});
