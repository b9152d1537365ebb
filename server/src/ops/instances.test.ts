// The app tier is stateless: two instances on one database behave as one. Also the request id,
// the logs without personal data, the metrics behind their token and the readiness while draining.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { count, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { connectWithRetry, openDatabase } from '../db/client.js';
import { isConnectionError } from '../db/connectionErrors.js';
import * as t from '../db/schema.js';
import { seedIfEmpty } from '../db/seed.js';
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
import { createLogger, safeError } from './logging.js';

describe.each(dbKinds)('two instances on one %s database', (kind) => {
  let ctx: TestContext;
  let a: App;
  let b: App;
  let shopId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    a = ctx.app;
    b = await buildApp({ config: testConfig(), database: ctx.database });
    await b.ready();
    shopId = (await queryRows<{ id: number }>(ctx.database, sql`select id from shops order by id limit 1`))[0].id;
  });
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  it('a session made on A is valid on B, and logging out on B ends it on A', async () => {
    const cookie = await ctx.signIn(); // on A
    const onB = await b.inject({ url: '/api/me', headers: { cookie } });
    expect(onB.statusCode).toBe(200);
    expect(onB.json().user.login).toBe('demo@example.com');

    // A knows the session too (and keeps it for a few seconds without asking the database again).
    expect((await a.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    const logout = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: writeHeaders(cookie) });
    expect(logout.statusCode).toBe(200);
    // B's NOTIFY reaches A well within the few seconds A would otherwise trust its copy.
    await expect
      .poll(async () => (await a.inject({ url: '/api/me', headers: { cookie } })).statusCode, { timeout: 1000, interval: 20 })
      .toBe(401);
    const onA = await a.inject({ url: '/api/me', headers: { cookie } });
    expect(onA.json().code).toBe('not_signed_in');
  });

  it('deactivating an account on B ends all her sessions on A at once', async () => {
    const rep = await ctx.signIn('collega@example.com'); // on A
    const admin = await ctx.signIn('beheer@example.com');
    // A has her session in its cache now.
    const me = await a.inject({ url: '/api/me', headers: { cookie: rep } });
    expect(me.statusCode).toBe(200);
    const off = await b.inject({
      method: 'PATCH',
      url: `/api/admin/people/${me.json().user.id}`,
      headers: writeHeaders(admin),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    // B's NOTIFY reaches A well within the few seconds A would otherwise trust its copy.
    await expect
      .poll(async () => (await a.inject({ url: '/api/me', headers: { cookie: rep } })).statusCode, { timeout: 1000, interval: 20 })
      .toBe(401);
    await b.inject({
      method: 'PATCH',
      url: `/api/admin/people/${me.json().user.id}`,
      headers: writeHeaders(admin),
      payload: { active: true },
    });
  });

  it('a submission retried on B with the same Idempotency-Key saves one visit and replays A’s answer', async () => {
    const cookie = await ctx.signIn();
    const key = `visit-${randomUUID()}`;
    const before = (await a.inject({ url: `/api/shops/${shopId}/prospections`, headers: { cookie } })).json().length;
    const first = await a.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      payload: visit('A dan B'),
      headers: writeHeaders(cookie, { 'idempotency-key': key }),
    });
    expect(first.statusCode).toBe(201);
    const retry = await b.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      payload: visit('A dan B'),
      headers: writeHeaders(cookie, { 'idempotency-key': key }),
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const visits = (await b.inject({ url: `/api/shops/${shopId}/prospections`, headers: { cookie } })).json();
    expect(visits).toHaveLength(before + 1);
    const rows = await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from prospections where extra = 'A dan B'`);
    expect(rows[0].n).toBe(1);
  });

  it('echoes a plain x-request-id and makes one up otherwise, on every answer (also a 401)', async () => {
    const given = await a.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const refused = await a.inject({ url: '/api/shops' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await a.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /api/ready 200, and from the start of a drain 503 while health still answers and new work is refused', async () => {
    const c = await buildApp({ config: testConfig(), database: ctx.database });
    await c.ready();
    try {
      const cookie = await ctx.signIn();
      expect((await c.inject({ url: '/api/ready' })).json()).toEqual({ status: 'ready' });
      c.lifecycle.beginDrain();
      const ready = await c.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'Service Unavailable', code: 'server_stopping' });
      expect((await c.inject({ url: '/api/health' })).statusCode).toBe(200);
      const work = await c.inject({ url: '/api/shops', headers: { cookie } });
      expect(work.statusCode).toBe(503);
      expect(work.headers.connection).toBe('close');
      expect(work.json()).toMatchObject({ error: 'Service Unavailable', code: 'server_stopping' });
    } finally {
      await c.close();
    }
  });

  it('serves /api/metrics only with the METRICS_TOKEN as bearer: request counts and durations per route, pool usage', async () => {
    const token = 'metrics-token-0123456789';
    const m = await buildApp({ config: testConfig({ metricsToken: token }), database: ctx.database });
    await m.ready();
    try {
      const cookie = await ctx.signIn();
      await m.inject({ url: `/api/shops/${shopId}`, headers: { cookie } });
      await m.inject({ url: `/api/shops/${shopId}`, headers: { cookie } });
      expect((await m.inject({ url: '/api/metrics' })).statusCode).toBe(401);
      expect((await m.inject({ url: '/api/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      expect((await m.inject({ url: '/api/metrics', headers: { cookie } })).statusCode).toBe(401);
      const res = await m.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('prospectie_http_requests_total{method="GET",route="/api/shops/:id",status_code="200"} 2');
      expect(res.body).toMatch(
        /prospectie_http_request_duration_seconds_count\{method="GET",route="\/api\/shops\/:id",status_code="200"\} 2/,
      );
      if (kind === 'postgres') expect(res.body).toMatch(/prospectie_db_pool_connections\{state="max"\} 10/);
      // Without a token setting the route does not exist at all.
      expect((await a.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    } finally {
      await m.close();
    }
  });

  it('logs JSON lines with the request id and no cookie, token, e-mail address or search term', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const l = await buildApp({ config: testConfig(), database: ctx.database, loggerInstance: createLogger('info', sink) });
    await l.ready();
    let session = '';
    try {
      const cookie = await signInTo(l);
      session = cookie.slice(cookie.indexOf('=') + 1);
      const res = await l.inject({
        url: '/api/shops?q=Janssens',
        headers: { cookie, authorization: 'Bearer secret-bearer', 'x-request-id': 'trace-42' },
      });
      expect(res.statusCode).toBe(200);
      await l.inject({ url: '/api/auth/callback?code=secret-code&state=secret-state' });
    } finally {
      await l.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string } });
    expect(entries.some((e) => e.reqId === 'trace-42' && e.req?.url === '/api/shops')).toBe(true);
    const all = lines.join('\n');
    expect(session).not.toBe('');
    for (const secret of [session, 'demo@example.com', 'secret-bearer', 'Janssens', 'secret-code', 'secret-state']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('errors in the logs', () => {
  it('keep the failing SQL and the cause’s code, never the query parameters or the row’s values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_login_unique"'), {
      code: '23505',
      detail: 'Key (login)=(an@winkel.example) already exists.',
    });
    const err = new DrizzleQueryError('insert into "users" ("login") values ($1)', ['an@winkel.example'], cause);
    const logged = JSON.stringify(safeError(err));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('an@winkel.example');
  });
});

describe('database connection errors', () => {
  it('are told apart from other database errors', () => {
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isConnectionError(
        new DrizzleQueryError(
          'select 1',
          [],
          Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        ),
      ),
    ).toBe(true);
    expect(isConnectionError(new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionError(new DrizzleQueryError('select 1', [], Object.assign(new Error('x'), { code: '08006' })))).toBe(true);
    expect(
      isConnectionError(new DrizzleQueryError('select $1', ['Connection terminated'], Object.assign(new Error('dup'), { code: '23505' }))),
    ).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
  });

  it('at start are retried with growing waits and logged; other errors are not retried', async () => {
    const warnings: { attempt: number; retryInMs: number }[] = [];
    const log = { info: () => {}, warn: (obj: object) => void warnings.push(obj as { attempt: number; retryInMs: number }) };
    let calls = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const value = await connectWithRetry(
      async () => {
        if (++calls < 4) throw refused;
        return 'connected';
      },
      log,
      { initialDelayMs: 5, maxDelayMs: 12 },
    );
    expect(value).toBe('connected');
    expect(warnings.map((w) => [w.attempt, w.retryInMs])).toEqual([
      [1, 5],
      [2, 10],
      [3, 12],
    ]);
    await expect(connectWithRetry(async () => Promise.reject(new Error('password authentication failed')), log)).rejects.toThrow(
      'password authentication failed',
    );
  });
});

const pgKinds = dbKinds.filter((kind) => kind === 'postgres');

describe.each(pgKinds)('instances starting at once on an empty %s database', () => {
  let url: string;
  let name: string;
  const adminUrl = process.env.TEST_DATABASE_URL!;

  beforeAll(async () => {
    name = `prospectie_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrate once and seed once: the others wait on the advisory lock and find nothing left to do', async () => {
    const seeded: boolean[] = [];
    const start = () => openDatabase({ databaseUrl: url }, { afterMigrate: async (db) => void seeded.push(await seedIfEmpty(db)) });
    const databases = await Promise.all([start(), start(), start()]);
    try {
      expect(seeded.filter(Boolean)).toHaveLength(1);
      expect(seeded).toHaveLength(3);
      const { db } = databases[0];
      const [{ n: countries }] = await db.select({ n: count() }).from(t.countries);
      expect(countries).toBe(4);
      const [{ n: shops }] = await db.select({ n: count() }).from(t.shops);
      expect(shops).toBe(300);
      const applied = await queryRows<{ n: number }>(databases[0], sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
      expect(applied[0].n).toBe(journal.default.entries.length);
      for (const database of databases) {
        const app = await buildApp({ config: testConfig(), database });
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        await app.close();
      }
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
