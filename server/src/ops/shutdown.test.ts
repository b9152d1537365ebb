// The drain on SIGTERM (decision 011) waits for every request's work, also when its client has gone: a rep whose
// connection drops while the visit is being saved gets it saved, and the pool closes only after. A request whose
// client went away before its body was read ends instead of waiting for that body for ever.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import {
  createTestContext,
  dbKinds,
  queryRows,
  sampleVisit as visit,
  signInTo,
  testConfig,
  writeHeaders,
  type TestContext,
} from '../test/harness.js';
import { createLogger } from './logging.js';
import { shutdownGracefully } from './shutdown.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dbKinds)('stopping on %s', (kind) => {
  let ctx: TestContext;
  let shopId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    [{ id: shopId }] = await queryRows<{ id: number }>(ctx.database, sql`select id from shops order by id limit 1`);
  });
  afterAll(async () => ctx?.close());

  /**
   * On a server of its own (the stop closes it), signed in (and that session looked up once when `known`): sends a
   * visit while a colleague's transaction holds what it needs (`hold`), lets the client give up, begins the stop, and
   * lets the transaction go 300 ms later. Returns the stop's outcome, the order of letting go and the pool's closing,
   * the stop's warnings, how many visits with this text were saved, and the server's error log lines.
   */
  async function visitCutOffDuringStop({ extra, hold, known }: { extra: string; hold: SQL; known: boolean }) {
    const logLines: string[] = [];
    const app = await buildApp({
      config: testConfig(),
      database: ctx.database,
      loggerInstance: createLogger('info', { write: (line: string) => void logLines.push(line) }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const cookie = await signInTo(app);
    if (known) expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(200);

    let release!: () => void;
    const held = ctx.database.db.transaction(async (tx) => {
      await tx.execute(hold);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await expect.poll(() => typeof release).toBe('function');

    const client = new AbortController();
    const sent = fetch(`${base}/api/shops/${shopId}/prospections`, {
      method: 'POST',
      headers: { ...writeHeaders(cookie, { 'idempotency-key': extra }), 'content-type': 'application/json' },
      body: JSON.stringify(visit(extra)),
      signal: client.signal,
    }).catch((err: Error) => err.name);
    await expect.poll(() => app.lifecycle.inFlight).toBe(1);
    await sleep(200);
    client.abort();
    expect(await sent).toBe('AbortError');
    await sleep(200);

    const order: string[] = [];
    // Only the pool's closing is watched; the database stays open for the checks.
    const pool = { close: async () => void order.push('pool closed') } as unknown as Database;
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (fields: object) => void warnings.push(JSON.stringify(fields)) };
    const stopping = shutdownGracefully(app, pool, 10_000, log as unknown as Parameters<typeof shutdownGracefully>[3]);
    await sleep(300);
    order.push('let go');
    release();
    await held;
    const outcome = await stopping;
    const [{ n }] = await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from prospections where extra = ${extra}`);
    return { outcome, order, warnings, saved: n, errors: logLines.filter((line) => line.includes('"level":50')) };
  }

  it('saves a visit whose client went away mid-save before it closes the pool, and drains without cutting', async () => {
    // The session already known, so only the visit's own statements wait for the shop.
    const stop = await visitCutOffDuringStop({
      extra: 'verbroken',
      hold: sql`select id from shops where id = ${shopId} for update`,
      known: true,
    });
    expect(stop).toEqual({ outcome: 'drained', order: ['let go', 'pool closed'], warnings: [], saved: 1, errors: [] });
  });

  it('ends a request whose client went away before its body was read, so the stop does not wait out its grace', async () => {
    // A session not looked up yet: its lookup waits for the sessions table, before the body is read.
    const stop = await visitCutOffDuringStop({
      extra: 'nooit gelezen',
      hold: sql`lock table sessions in access exclusive mode`,
      known: false,
    });
    expect(stop).toEqual({ outcome: 'drained', order: ['let go', 'pool closed'], warnings: [], saved: 0, errors: [] });
  });
});
