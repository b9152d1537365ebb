// Idempotency-Key as the IETF draft has it, on the real submit route: replay, 422 for another body, 409 while
// the first is still running (promptly, not after a lock wait), abandoned claims taken over, keys kept 7 days,
// and a thousand retried submissions with duplicate keys, some at the same time, saving every visit once.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { prospectionSubmission } from '@prospectie/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema.js';
import { sweepIdempotencyKeys } from '../services/idempotency.js';
import { createTestContext, dbKinds, queryRows, sampleVisit, writeHeaders, type TestContext } from '../test/harness.js';

const visit = (extra: string) => ({ ...sampleVisit(extra), todos: [{ name: `Taak ${extra}`, toDoTypeId: 1, employeeIds: [] }] });

describe.each(dbKinds)('Idempotency-Key on %s', (kind) => {
  let ctx: TestContext;
  let cookie: string;
  let userId: number;
  let shopId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    cookie = await ctx.signIn();
    userId = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user.id;
    shopId = (await ctx.app.inject({ url: '/api/shops', headers: { cookie } })).json()[0].id;
  }, 60_000);
  afterAll(async () => ctx?.close());

  const submit = (key: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      payload: body,
      headers: writeHeaders(cookie, { 'idempotency-key': key }),
    });
  const savedWith = async (extra: string) =>
    (await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from prospections where extra = ${extra}`))[0].n;
  /** A claim as a request that is still running (or died) leaves it: no response yet. */
  const insertClaim = async (key: string, body: object, ageMs: number) => {
    // The same hash the route stores: its route and the body as validated (defaults filled in).
    const route = `shops/${shopId}/prospections`;
    const requestHash = createHash('sha256')
      .update(route)
      .update(JSON.stringify(prospectionSubmission.parse(body)))
      .digest('hex');
    await ctx.database.db.insert(idempotencyKeys).values({ userId, key, route, requestHash, createdAt: new Date(Date.now() - ageMs) });
  };

  it('replays the first response for the same key and body, and answers 422 for another body', async () => {
    const first = await submit('replay-1', visit('replay-1'));
    expect(first.statusCode).toBe(201);
    const again = await submit('replay-1', visit('replay-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await submit('replay-1', visit('iets anders'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'Unprocessable Entity', code: 'idempotency_key_reused' });
    expect(await savedWith('replay-1')).toBe(1);
    expect(await savedWith('iets anders')).toBe(0);
  });

  it('answers 409 while the first request with the key is still running, and frees the key when the work fails', async () => {
    await insertClaim('running-1', visit('running-1'), 1000);
    const res = await submit('running-1', visit('running-1'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'Conflict', code: 'request_in_progress' });
    expect(await savedWith('running-1')).toBe(0);

    // A refused visit (unknown visit type) leaves no claim behind: the corrected retry with the same key works.
    const refused = await submit('fails-1', { ...visit('fails-1'), visitTypeId: 999999 });
    expect(refused.statusCode).toBe(400);
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from idempotency_keys where key = 'fails-1'`,
    );
    expect(n).toBe(0);
  });

  it('takes over a claim abandoned for over a minute (a crash between claim and work) and saves the visit once', async () => {
    await insertClaim('abandoned-1', visit('abandoned-1'), 61_000);
    const res = await submit('abandoned-1', visit('abandoned-1'));
    expect(res.statusCode).toBe(201);
    expect(await savedWith('abandoned-1')).toBe(1);
    const again = await submit('abandoned-1', visit('abandoned-1'));
    expect(again.json()).toEqual(res.json());
    expect(await savedWith('abandoned-1')).toBe(1);
  });

  it('keeps keys for 7 days: the sweep removes only older ones, and a 6-day-old retry still replays', async () => {
    const young = await submit('kept-6d', visit('kept-6d'));
    const old = await submit('gone-8d', visit('gone-8d'));
    expect([young.statusCode, old.statusCode]).toEqual([201, 201]);
    await ctx.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '6 days 23 hours' where key = 'kept-6d'`);
    await ctx.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '7 days 1 hour' where key = 'gone-8d'`);
    const removed = await sweepIdempotencyKeys(ctx.database.db);
    expect(removed).toBe(1);
    const keys = await queryRows<{ key: string }>(ctx.database, sql`select key from idempotency_keys where key in ('kept-6d', 'gone-8d')`);
    expect(keys.map((k) => k.key)).toEqual(['kept-6d']);
    const retry = await submit('kept-6d', visit('kept-6d'));
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(young.json());
    expect(await savedWith('kept-6d')).toBe(1);
  });

  it('1,000 retried submissions with duplicate keys, some at the same time, save every visit exactly once with its brands and to-dos', async () => {
    const distinct = 250;
    const ids = new Map<string, number>();
    let conflicts = 0;
    // Each key is sent 4 times: twice in the same concurrent batch, then twice later; 409s are retried like the app does.
    const attempts: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < distinct; i++) attempts.push(`bulk-${i}`, `bulk-${i}`);
    }
    expect(attempts).toHaveLength(1000);
    const batch = 20;
    for (let start = 0; start < attempts.length; start += batch) {
      const answers = await Promise.all(
        attempts.slice(start, start + batch).map(async (extra) => {
          for (;;) {
            const res = await submit(extra, visit(extra));
            if (res.statusCode === 409) {
              conflicts++;
              expect(res.json().code).toBe('request_in_progress');
              await new Promise((resolve) => setTimeout(resolve, 5));
              continue;
            }
            return { extra, res };
          }
        }),
      );
      for (const { extra, res } of answers) {
        expect(res.statusCode, extra).toBe(201);
        const id = res.json().id as number;
        if (ids.has(extra)) expect(id, extra).toBe(ids.get(extra));
        else ids.set(extra, id);
      }
    }
    expect(ids.size).toBe(distinct);
    const rows = await queryRows<{ extra: string; n: number; brands: number; todos: number }>(
      ctx.database,
      sql`select p.extra, count(distinct p.id)::int as n,
            (select count(*)::int from prospection_brands b where b.prospection_id = min(p.id)) as brands,
            (select count(*)::int from prospection_todos t where t.prospection_id = min(p.id)) as todos
          from prospections p where p.extra like 'bulk-%' group by p.extra`,
    );
    expect(rows).toHaveLength(distinct);
    expect(rows.filter((r) => r.n !== 1 || r.brands !== 1 || r.todos !== 1)).toEqual([]);
    // Not an assertion on timing, only a note of how often the duplicates really met.
    console.info(`[${kind}] concurrent duplicates answered 409: ${conflicts}`);
  }, 120_000);

  if (kind === 'postgres') {
    it('answers a concurrent duplicate 409 while the first is still held up in the database, without waiting for it, then replays', async () => {
      const [{ name }] = await queryRows<{ name: string }>(ctx.database, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const blocker = new pg.Client({ connectionString: url.toString() });
      await blocker.connect();
      try {
        // Hold the prospections table so the first submit's work waits inside its transaction.
        await blocker.query('begin');
        await blocker.query('lock table prospections in exclusive mode');
        const first = submit('held-1', visit('held-1'));
        let firstAnswered = false;
        void first.finally(() => (firstAnswered = true));
        // Wait until the first request holds its claim.
        for (let i = 0; i < 100; i++) {
          const [{ n }] = await queryRows<{ n: number }>(
            ctx.database,
            sql`select count(*)::int as n from idempotency_keys where key = 'held-1'`,
          );
          if (n === 1) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // The first cannot finish before the table is released below: a duplicate that waited for it would never come back.
        const duplicate = await submit('held-1', visit('held-1'));
        expect(firstAnswered).toBe(false);
        expect(duplicate.statusCode).toBe(409);
        expect(duplicate.json()).toMatchObject({ error: 'Conflict', code: 'request_in_progress' });
        await blocker.query('commit');
        const done = await first;
        expect(done.statusCode).toBe(201);
        const replay = await submit('held-1', visit('held-1'));
        expect(replay.json()).toEqual(done.json());
        expect(await savedWith('held-1')).toBe(1);
      } finally {
        await blocker.end();
      }
    });
  }
});
