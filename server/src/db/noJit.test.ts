// The server's connections plan no JIT compiling (decision 084): a read whose estimate crosses PostgreSQL's
// jit_above_cost would otherwise spend hundreds of milliseconds compiling before it runs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, queryRows } from '../test/harness.js';
import type { Database } from './client.js';

/** Ten million rows by estimate: far above the default jit_above_cost (100,000). */
const COSTLY = sql`explain (format json) select sum(a.x * b.x) from generate_series(1, 10000) a(x), generate_series(1, 1000) b(x)`;

describe.each(dbKinds)('no JIT on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('plans a costly read without JIT on every connection of the pool, the first ones included', async () => {
    // At once, so the pool opens several connections and each plans its first statement.
    const plans = await Promise.all(
      Array.from({ length: 4 }, () => queryRows<{ 'QUERY PLAN': [Record<string, unknown>] }>(database, COSTLY)),
    );
    for (const [row] of plans) {
      const plan = row['QUERY PLAN'][0];
      expect(plan.Plan).toBeDefined();
      expect(plan.JIT).toBeUndefined();
    }
  });
});
