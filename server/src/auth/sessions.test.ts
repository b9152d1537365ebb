import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { createTestContext, dbKinds, queryRows, testConfig, writeHeaders, type TestContext } from '../test/harness.js';
import { SIGN_IN_LIMIT } from '../routes/auth.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SessionStore } from './sessions.js';

describe.each(dbKinds)('sessions and request safety on %s', (kind) => {
  let ctx: TestContext;
  let store: SessionStore;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    store = new SessionStore(ctx.database.db, testConfig().sessionSecret);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const me = (cookie: string) => ctx.app.inject({ url: '/api/me', headers: { cookie } });
  const tokenOf = (cookie: string) => cookie.split('=')[1];
  const age = async (cookie: string, column: 'last_seen_at' | 'created_at', ms: number) => {
    await ctx.database.db.execute(
      sql`update sessions set ${sql.raw(column)} = ${new Date(Date.now() - ms).toISOString()}::timestamptz where id_hash = ${store.hash(tokenOf(cookie))}`,
    );
  };

  describe('a session id that is no longer good gets 401', () => {
    it('tampered: one character changed', async () => {
      const cookie = await ctx.signIn();
      expect((await me(cookie)).statusCode).toBe(200);
      const token = tokenOf(cookie);
      const tampered = `${cookie.split('=')[0]}=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const res = await me(tampered);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_signed_in');
    });

    it('idle for more than 2 hours', async () => {
      const cookie = await ctx.signIn();
      await age(cookie, 'last_seen_at', SESSION_IDLE_MS + 60_000);
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('older than 12 hours, even when used a minute ago', async () => {
      const cookie = await ctx.signIn();
      await age(cookie, 'created_at', SESSION_ABSOLUTE_MS + 60_000);
      await age(cookie, 'last_seen_at', 60_000);
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('still good just inside the idle limit', async () => {
      const cookie = await ctx.signIn();
      await age(cookie, 'last_seen_at', SESSION_IDLE_MS - 60_000);
      expect((await me(cookie)).statusCode).toBe(200);
    });

    it('logged out', async () => {
      const cookie = await ctx.signIn();
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: writeHeaders(cookie) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ redirectTo: null });
      expect(String(out.headers['set-cookie'])).toMatch(/prospectie_session=;/);
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('expired rows are swept from the table', async () => {
      const cookie = await ctx.signIn();
      await age(cookie, 'last_seen_at', SESSION_IDLE_MS + 60_000);
      await store.sweep();
      const rows = await queryRows(ctx.database, sql`select 1 from sessions where id_hash = ${store.hash(tokenOf(cookie))}`);
      expect(rows).toEqual([]);
    });
  });

  it('gives a new session id at every sign-in and ends the one sent along', async () => {
    const first = await ctx.signIn();
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      payload: { email: 'demo@example.com' },
      headers: writeHeaders(first),
    });
    const second = again.cookies.find((c) => c.name === 'prospectie_session')!.value;
    expect(second).not.toBe(tokenOf(first));
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(`prospectie_session=${second}`)).statusCode).toBe(200);
  });

  describe('every write route refuses a request not from the app (403) and writes nothing', () => {
    it('covers every POST, PUT, PATCH and DELETE of the OpenAPI document', async () => {
      const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
      // But the one-click unsubscribe, which a mail client sends from outside the app by design (decision 070; its
      // token is the credential: src/security/guard.test.ts).
      const writes = Object.entries(doc.paths)
        .flatMap(([path, ops]) =>
          Object.keys(ops)
            .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
            .map((m) => ({ method: m.toUpperCase() as 'POST', url: path.replace(/\{[^}]+\}/g, '1') })),
        )
        .filter((w) => !w.url.startsWith('/api/mail/unsubscribe/'));
      // The routes this suite must at least see; a new write route joins the list by itself.
      expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual(
        expect.arrayContaining([
          'POST /api/auth/demo',
          'POST /api/auth/logout',
          'POST /api/shops/1/prospections',
          'POST /api/shops/register',
        ]),
      );
      const cookie = await ctx.signIn();
      const before = await ctx.rowCounts();
      for (const w of writes) {
        const noHeader = await ctx.app.inject({ method: w.method, url: w.url, payload: {}, headers: { cookie } });
        expect(noHeader.statusCode, `${w.method} ${w.url} without the app header`).toBe(403);
        const foreign = await ctx.app.inject({
          method: w.method,
          url: w.url,
          payload: {},
          headers: writeHeaders(cookie, { origin: 'https://evil.example' }),
        });
        expect(foreign.statusCode, `${w.method} ${w.url} from another origin`).toBe(403);
        expect(foreign.json().code).toBe('not_from_app');
        const nullOrigin = await ctx.app.inject({
          method: w.method,
          url: w.url,
          payload: {},
          headers: writeHeaders(cookie, { origin: 'null' }),
        });
        expect(nullOrigin.statusCode, `${w.method} ${w.url} from an opaque origin`).toBe(403);
      }
      expect(await ctx.rowCounts()).toEqual(before);
      // The refused logout did not end the session either.
      expect((await me(cookie)).statusCode).toBe(200);
    });

    it('accepts the same write from the app itself (same origin, app header)', async () => {
      const cookie = await ctx.signIn();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: writeHeaders(cookie, { origin: 'http://localhost:3000' }),
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('answers the (SIGN_IN_LIMIT.max + 1)th demo sign-in within a minute with 429 and its code', async () => {
    const limited = await createTestContext(kind, { seed: false });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/demo',
          payload: { email: 'wie@example.com' },
          headers: { [CLIENT_HEADER]: '1' },
        });
      for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'Too Many Requests', code: 'too_many_sign_ins' });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
