// The request guard holds however a path is spelled, and no body, header or id gets past it.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { SIGN_IN_LIMIT } from '../routes/auth.js';
import { createTestContext, createTestDatabase, dbKinds, testConfig, writeHeaders, type TestContext } from '../test/harness.js';
import { makeFixtures, writeSamples, type Fixtures } from './fixtures.js';
import { apiRoutes, fillPath, rowCounter, WRITE_METHODS, type ApiRoute } from './routes.js';

/**
 * The routes anyone may call without a session, listed here rather than read from the route config, so a
 * route marked public by mistake fails this suite.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/auth/config',
  'POST /api/auth/demo',
  'GET /api/auth/login',
  'GET /api/auth/callback',
  'POST /api/auth/logout',
  'GET /api/calendar/feed/{token}.ics', // the token in the path is the credential (decision 028)
  'GET /api/mail/unsubscribe/{token}', // likewise (decision 070)
  'POST /api/mail/unsubscribe/{token}',
]);

/**
 * The writes that come from outside the app by design, listed here for the same reason: a mail client's one-click
 * unsubscribe (RFC 8058) sends neither our header nor our Origin (decision 070). A token that does not check out still
 * changes nothing.
 */
const FROM_OUTSIDE = new Set(['POST /api/mail/unsubscribe/{token}']);

/** Other spellings of the same path: each letter of `api` escaped, all three, and the next segment's first letter. */
export function spellings(path: string): string[] {
  const rest = path.slice('/api'.length);
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const nextEscaped = rest.replace(/^\/([A-Za-z])/, (_, c: string) => `/${hex(c)}`);
  return [
    `/${hex('a')}pi${rest}`,
    `/a${hex('p')}i${rest}`,
    `/ap${hex('i')}${rest}`,
    `/${hex('a')}${hex('p')}${hex('i')}${rest}`,
    `/api${nextEscaped}`,
  ].filter((p, i, all) => p !== path && all.indexOf(p) === i);
}

describe('spellings of a path', () => {
  it('escapes each letter of api and the first letter of the next segment', () => {
    expect(spellings('/api/users/1')).toEqual([
      '/%61pi/users/1',
      '/a%70i/users/1',
      '/ap%69/users/1',
      '/%61%70%69/users/1',
      '/api/%75sers/1',
    ]);
  });
});

describe('configuration of the guard', () => {
  it('believes no X-Forwarded-For unless told which proxies to trust', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start the demo sign-in or the development key on an https address unless asked', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://prospectie.fc70.example' })).toThrow(/demo-aanmelding/);
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'https://prospectie.fc70.example',
        AUTH_MODE: 'oidc',
        OIDC_ISSUER: 'https://login.example',
        OIDC_CLIENT_ID: 'x',
      }),
    ).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ PUBLIC_URL: 'https://prospectie.fc70.example', ALLOW_DEMO_LOGIN: 'true' }).authMode).toBe('demo');
    // A laptop keeps working as today.
    expect(loadConfig({}).authMode).toBe('demo');
  });
});

describe.each(dbKinds)('the request guard on %s', (kind) => {
  let ctx: TestContext;
  let f: Fixtures;
  let routes: ApiRoute[];
  let counts: () => Promise<Record<string, number>>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    f = await makeFixtures(ctx);
    routes = await apiRoutes(ctx.app);
    counts = await rowCounter(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const anyPath = (route: ApiRoute) =>
    fillPath(route.path, Object.fromEntries(route.pathParams.map((p) => [p, p === 'email' ? 'demo@example.com' : p === 'code' ? 5 : 1])));

  it('answers 401 without a session on every guarded GET route, however its path is spelled', async () => {
    const guarded = routes.filter((r) => r.method === 'GET' && !PUBLIC_ROUTES.has(r.name));
    expect(guarded.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'GET /api/users',
        'GET /api/contactinfo/{shopId}/{code}',
        'GET /api/prospections/{id}',
        'GET /api/employees/{id}/appointments',
      ]),
    );
    for (const route of guarded) {
      for (const url of [anyPath(route), ...spellings(anyPath(route))]) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode, `${route.name} as ${url}`).toBe(401);
        expect(res.json(), url).toMatchObject({ error: 'Unauthorized', code: 'not_signed_in' });
      }
    }
  });

  it('refuses a foreign Origin on every write route, however its path is spelled, and writes nothing', async () => {
    const samples = writeSamples(f, f.sofie);
    const writes = routes.filter((r) => WRITE_METHODS.has(r.method));
    expect(writes.length).toBeGreaterThan(10);
    const before = await counts();
    for (const route of writes) {
      const sample = samples[route.name];
      expect(sample, `no sample for ${route.name}`).toBeDefined();
      const path = fillPath(route.path, sample.path);
      for (const url of [path, ...spellings(path)]) {
        for (const origin of ['https://evil.example', 'http://evil.example']) {
          // The Host header names the foreign site too: the origin is compared with PUBLIC_URL only.
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...writeHeaders(f.sofie.cookie), origin, host: new URL(origin).host },
            payload: sample.body as object,
          });
          expect(res.statusCode, `${route.name} as ${url} from ${origin}`).toBe(FROM_OUTSIDE.has(route.name) ? 404 : 403);
          expect(res.cookies, url).toEqual([]);
        }
      }
    }
    expect(await counts()).toEqual(before);
    // On a laptop, the same port under another loopback name is the same app.
    const local = await ctx.app.inject({
      method: 'POST',
      url: '/api/todos',
      headers: { ...writeHeaders(f.sofie.cookie), origin: 'http://127.0.0.1:3000' },
      payload: { name: 'Lokaal' },
    });
    expect(local.statusCode).toBe(201);
    // Without the client header a write is refused too, also the demo sign-in under another spelling.
    const signIn = await ctx.app.inject({ method: 'POST', url: '/%61pi/auth/demo', payload: { email: 'demo@example.com' } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.cookies).toEqual([]);
  });

  it('lets a rep link only her own to-dos to her visit: another rep’s to-do is refused and nothing changes', async () => {
    const linked = async () =>
      (await ctx.app.inject({ url: `/api/prospections/${f.sofie.prospectionId}/todos`, headers: { cookie: f.sofie.cookie } })).json() as {
        toDoId: number;
        name: string;
      }[];
    const before = await linked();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/prospections/${f.sofie.prospectionId}/todos`,
      headers: writeHeaders(f.sofie.cookie),
      payload: { ToDoIds: [f.sofie.todoId, f.jan.todoId] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_todo', field: 'body.ToDoIds' });
    expect(await linked()).toEqual(before);
    expect(JSON.stringify(await linked())).not.toContain('Taak van collega@example.com');
    // Her own to-do she may link, and the ones linked already stay allowed.
    const own = await ctx.app.inject({
      method: 'PUT',
      url: `/api/prospections/${f.sofie.prospectionId}/todos`,
      headers: writeHeaders(f.sofie.cookie),
      payload: { ToDoIds: [f.sofie.todoId, ...before.map((t) => t.toDoId)] },
    });
    expect(own.statusCode).toBe(204);
    expect((await linked()).map((t) => t.toDoId)).toContain(f.sofie.todoId);
  });

  it('lets an assignee hand a to-do on, and refuses someone who neither made nor got it', async () => {
    // Sofie gives her to-do to Jan; Jan (an assignee now) passes it back; a third colleague may not.
    const give = (cookie: string, EmployeeIds: number[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/todos/${f.sofie.todoId}/employees`,
        headers: writeHeaders(cookie),
        payload: { EmployeeIds },
      });
    expect((await give(f.sofie.cookie, [f.jan.employeeId])).statusCode).toBe(204);
    expect((await give(f.jan.cookie, [f.sofie.employeeId])).statusCode).toBe(204);
    const users = (await ctx.app.inject({ url: '/api/users', headers: { cookie: f.sofie.cookie } })).json() as { login: string }[];
    const third = await ctx.signIn(users.find((u) => u.login.endsWith('@fc70.example'))!.login);
    const refused = await give(third, [f.jan.employeeId]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_todo_party');
    const assignees = (await ctx.app.inject({ url: `/api/todos/${f.sofie.todoId}/employees`, headers: { cookie: f.sofie.cookie } })).json();
    expect(assignees.map((e: { id: number }) => e.id)).toEqual([f.sofie.employeeId]);
  });

  it('counts sign-ins per connection, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT.max + 15; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        headers: { [CLIENT_HEADER]: '1', 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: 'niemand@example.com' },
      });
      statuses.push(res.statusCode);
    }
    // The suite signed in a few times before, from the same connection: at most the limit gets through.
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(SIGN_IN_LIMIT.max);
    expect(statuses.slice(-15)).toEqual(Array(15).fill(429));
  });

  it('refuses a deeply nested body with a 400 before parsing it, and still answers after', async () => {
    const before = await counts();
    for (const payload of ['['.repeat(1024 * 1024 - 10), `{"brands":${'['.repeat(40)}${']'.repeat(40)}}`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${f.sofie.shopId}/prospections`,
        headers: { ...writeHeaders(f.sofie.cookie), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'body_too_deep', field: 'body' });
    }
    expect(await counts()).toEqual(before);
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('keeps small writes small: a 100 KB to-do is refused with 413, a whole visit of that size is taken', async () => {
    const big = 'x'.repeat(100 * 1024);
    const todo = await ctx.app.inject({
      method: 'POST',
      url: '/api/todos',
      headers: writeHeaders(f.sofie.cookie),
      payload: { name: 'T', remarks: big },
    });
    expect(todo.statusCode).toBe(413);
    expect(todo.json()).toMatchObject({ error: 'Payload Too Large', code: 'body_too_large' });
    const visit = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${f.sofie.shopId}/prospections`,
      headers: writeHeaders(f.sofie.cookie),
      payload: {
        visitDate: '2026-11-20',
        contactTypeId: 1,
        visitTypeId: 1,
        todos: Array.from({ length: 50 }, () => ({
          name: 'T',
          remarks: 'y'.repeat(2000),
          toDoTypeId: 4,
          employeeIds: [f.sofie.employeeId],
        })),
      },
    });
    expect(visit.statusCode).toBe(201);
  });

  it('refuses a NUL or other control character in any text field with a 400 naming the field, writing nothing', async () => {
    const before = await counts();
    const cases: [string, string, object, string][] = [
      [
        'POST',
        `/api/shops/${f.sofie.shopId}/prospections`,
        { visitDate: '2026-11-20', contactTypeId: 1, visitTypeId: 1, contactName: 'a\u0000b' },
        'body.contactName',
      ],
      [
        'POST',
        `/api/shops/${f.sofie.shopId}/prospections`,
        { visitDate: '2026-11-20', contactTypeId: 1, visitTypeId: 1, extra: 'bel\u0007' },
        'body.extra',
      ],
      ['POST', '/api/todos', { name: 'Taak', remarks: 'x\u001by' }, 'body.remarks'],
      ['POST', '/api/shops/register', { name: 'Winkel\u0000', countryId: f.countryId, cityId: f.cityId }, 'body.name'],
      ['PUT', `/api/prospectionreport/${f.sofie.reportId}`, { content: 'rapport\u0000' }, 'body.content'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await ctx.app.inject({ method: method as 'POST', url, headers: writeHeaders(f.sofie.cookie), payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'validation_failed',
        field,
        rule: 'control_character',
      });
    }
    expect(await counts()).toEqual(before);
    // Tabs and line breaks are text.
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/todos',
      headers: writeHeaders(f.sofie.cookie),
      payload: { name: 'Taak', remarks: 'regel 1\n\tregel 2\r\n' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('names only the field when the database refuses a value: no key, value, table or constraint', async () => {
    const cases: [string, object, number, string, string, string][] = [
      // a second report of the same rep
      ['/api/prospectionreport', { content: 'tweede' }, 409, 'Conflict', 'already_exists', 'employeeId'],
      [
        `/api/shops/${f.sofie.shopId}/prospections`,
        { visitDate: '2026-11-20', contactTypeId: 1, visitTypeId: 1, brands: [{ brandId: 99999 }] },
        400,
        'Bad Request',
        'unknown_reference',
        'brandId',
      ],
    ];
    for (const [url, payload, status, error, code, field] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: writeHeaders(f.sofie.cookie), payload });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ error, code, field, message: `${field}: refused by the database` });
      expect(res.body, url).not.toMatch(/Key \(|99999|table|constraint|_fk/);
    }
  });

  it('logs a path holding an e-mail address by its route pattern', async () => {
    const res = await ctx.app.inject({ url: '/api/User/GetUserByEmail/demo%40example.com', headers: { cookie: f.sofie.cookie } });
    expect(res.statusCode).toBe(200);
    await ctx.app.inject({ url: '/api/User/GetUserByEmail/collega@example.com', headers: { cookie: f.sofie.cookie } });
    const lines = ctx.logLines.filter((l) => l.includes('GetUserByEmail'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.includes('/api/User/GetUserByEmail/:email') && !/example\.com/.test(l))).toBe(true);
  });
});

describe('a request that trickles in', () => {
  it('is cut off once the request timeout has passed, so it cannot hold a connection', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ requestTimeoutMs: 1000, connectionTimeoutMs: 60_000 }), database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /api/auth/demo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${CLIENT_HEADER}: 1\r\nContent-Length: 100\r\n\r\n`,
      );
      // One byte every 200 ms: each resets an idle timer, only the request timeout ends it.
      let sent = 0;
      const trickle = setInterval(() => {
        if (!socket.destroyed && sent < 99) socket.write(sent++ === 0 ? '{' : ' ');
      }, 200);
      await closed;
      clearInterval(trickle);
      // Node answers 408 and closes; the body never reached a route.
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(sent).toBeLessThan(99);
    } finally {
      await app.close();
      await database.close();
    }
  }, 30_000);
});
