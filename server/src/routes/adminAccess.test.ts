// The administration: who may call it (every administrative route as a rep, a manager and a beheerder), and the first
// administrator and the demo accounts. People, brands and the log: admin.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLIENT_HEADER } from '@prospectie/contract';
import { adminContext, createTestContext, dbKinds, writeHeaders, type TestContext } from '../test/harness.js';

describe.each(dbKinds)('administration on %s', (kind) => {
  const ctx = adminContext(kind);
  let adminUserId: number;
  let shopId: number;

  beforeAll(async () => {
    adminUserId = (await get(ctx.admin, '/api/me')).json().user.id;
    shopId = (await get(ctx.rep, '/api/shops')).json()[0].id;
  }, 120_000);

  const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });

  describe('who may', () => {
    // Every administrative route, with a request a beheerder makes successfully and the status she gets. The
    // expected answers are written here, not read from the routes' own declarations.
    const ROUTES: { name: string; url: () => string; body?: () => object | Buffer; beheerder: number }[] = [
      { name: 'GET /api/admin/people', url: () => '/api/admin/people?q=sofie&status=active', beheerder: 200 },
      {
        name: 'POST /api/admin/people',
        url: () => '/api/admin/people',
        body: () => ({ login: `matrix.${Date.now()}@fc70.example`, firstName: 'Mia', name: 'Matrix' }),
        beheerder: 201,
      },
      {
        name: 'PATCH /api/admin/people/{userId}',
        url: () => `/api/admin/people/${adminUserId}`,
        body: () => ({ firstName: 'Katrien' }),
        beheerder: 200,
      },
      { name: 'GET /api/admin/brands', url: () => '/api/admin/brands', beheerder: 200 },
      {
        name: 'POST /api/admin/brands',
        url: () => '/api/admin/brands',
        body: () => ({ name: `Matrixmerk ${Date.now()}` }),
        beheerder: 201,
      },
      { name: 'PATCH /api/admin/brands/{id}', url: () => '/api/admin/brands/1', body: () => ({ active: true }), beheerder: 200 },
      {
        name: 'POST /api/admin/brands/{id}/merge',
        url: () => '/api/admin/brands/999999/merge',
        body: () => ({ intoId: 1 }),
        beheerder: 404,
      },
      { name: 'GET /api/admin/competitor-brands', url: () => '/api/admin/competitor-brands', beheerder: 200 },
      {
        name: 'POST /api/admin/competitor-brands',
        url: () => '/api/admin/competitor-brands',
        body: () => ({ name: `Matrixconcurrent ${Date.now()}` }),
        beheerder: 201,
      },
      {
        name: 'PATCH /api/admin/competitor-brands/{id}',
        url: () => '/api/admin/competitor-brands/1',
        body: () => ({ active: true }),
        beheerder: 200,
      },
      {
        name: 'POST /api/admin/competitor-brands/{id}/merge',
        url: () => '/api/admin/competitor-brands/1/merge',
        body: () => ({ intoId: 1 }),
        beheerder: 400, // into itself: refused for what it is, past the role check
      },
      { name: 'GET /api/admin/log', url: () => '/api/admin/log?limit=5', beheerder: 200 },
      { name: 'GET /api/admin/mails', url: () => '/api/admin/mails?limit=5', beheerder: 200 },
      { name: 'GET /api/admin/shops/without-place', url: () => '/api/admin/shops/without-place?limit=5', beheerder: 200 },
      {
        name: 'PUT /api/admin/shops/{id}/place',
        url: () => '/api/admin/shops/999999/place',
        body: () => ({ latitude: 51.05, longitude: 3.72 }),
        beheerder: 404, // no such shop: refused for what it is, past the role check
      },
      {
        name: 'POST /api/admin/shops/{id}/merge',
        url: () => '/api/admin/shops/999999/merge',
        body: () => ({ intoId: shopId }),
        beheerder: 404, // no such shop: refused for what it is, past the role check
      },
      {
        name: 'GET /api/admin/shops/{id}/merge-candidates',
        url: () => `/api/admin/shops/${shopId}/merge-candidates`,
        beheerder: 200,
      },
      {
        name: 'POST /api/admin/imports/shops',
        url: () => '/api/admin/imports/shops?dryRun=true&fileName=matrix.csv',
        body: () => Buffer.from('Klantnummer;Naam;Postcode;Gemeente\r\nM0001;Matrix Mode;9000;Gent\r\n'),
        beheerder: 200,
      },
      {
        name: 'POST /api/admin/imports/columns',
        url: () => '/api/admin/imports/columns?fileName=matrix.csv',
        body: () => Buffer.from('Klantnummer;Naam;Postcode;Gemeente\r\nM0001;Matrix Mode;9000;Gent\r\n'),
        beheerder: 200,
      },
      {
        name: 'POST /api/admin/imports/cities',
        url: () => '/api/admin/imports/cities?dryRun=true&fileName=matrix.csv&country=Matrixland',
        body: () => Buffer.from('Postcode;Gemeente\r\n9999;Matrixdorp\r\n'),
        beheerder: 200,
      },
      // Seasons (decision 068).
      {
        name: 'POST /api/admin/seasons',
        url: () => '/api/admin/seasons',
        body: () => ({ name: 'Matrix', startsOn: '2027-01-05', endsOn: '2027-03-31' }),
        beheerder: 201,
      },
      {
        name: 'PUT /api/admin/seasons/{id}',
        url: () => '/api/admin/seasons/999999',
        body: () => ({ name: 'Matrix', startsOn: '2027-01-05', endsOn: '2027-03-31' }),
        beheerder: 404, // no such season: refused for what it is, past the role check
      },
      { name: 'DELETE /api/admin/seasons/{id}', url: () => '/api/admin/seasons/999999', beheerder: 404 },
    ];
    /** A file goes as it is (the import takes the raw file), anything else as JSON. */
    const bodyOf = (route: (typeof ROUTES)[number]) => (route.body ? { payload: route.body() } : {});
    const contentType = (route: (typeof ROUTES)[number]): Record<string, string> =>
      route.body && Buffer.isBuffer(route.body()) ? { 'content-type': 'application/octet-stream' } : {};
    const methodOf = (route: { name: string }) => route.name.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

    it('lists every administrative route of the OpenAPI document', async () => {
      const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
      const documented = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/admin'))
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
      expect(documented.sort()).toEqual(ROUTES.map((r) => r.name).sort());
    });

    it('answers 401 signed out, 403 role_required to a rep and a manager (changing nothing), and lets a beheerder in', async () => {
      for (const route of ROUTES) {
        const name = route.name;
        const method = methodOf(route);
        const write = method !== 'GET';
        const signedOut = await ctx.app.inject({
          method,
          url: route.url(),
          headers: write ? { [CLIENT_HEADER]: '1', ...contentType(route) } : {},
          ...bodyOf(route),
        });
        expect(signedOut.statusCode, name).toBe(401);
        for (const [who, cookie] of [
          ['medewerker', ctx.rep],
          ['manager', ctx.manager],
        ] as const) {
          const before = await ctx.rowCounts();
          const res = await ctx.app.inject({
            method,
            url: route.url(),
            headers: write ? writeHeaders(cookie, contentType(route)) : { cookie },
            ...bodyOf(route),
          });
          expect(res.statusCode, `${name} as ${who}`).toBe(403);
          expect(res.json().code, `${name} as ${who}`).toBe('role_required');
          expect(await ctx.rowCounts(), `${name} as ${who}`).toEqual(before);
        }
        const res = await ctx.app.inject({
          method,
          url: route.url(),
          headers: write ? writeHeaders(ctx.admin, contentType(route)) : { cookie: ctx.admin },
          ...bodyOf(route),
        });
        expect(res.statusCode, `${name} as beheerder: ${res.body.slice(0, 200)}`).toBe(route.beheerder);
      }
    });

    it('tells the web which roles a session has', async () => {
      expect((await get(ctx.rep, '/api/me')).json().roles).toEqual(['medewerker']);
      expect((await get(ctx.manager, '/api/me')).json().roles).toEqual(['medewerker', 'manager']);
      expect((await get(ctx.admin, '/api/me')).json().roles).toEqual(['medewerker', 'beheerder']);
    });
  });
});

describe.each(dbKinds)('the first administrator and the demo accounts on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // ADMIN_LOGINS=collega@example.com,it@fc70.example: Jan has no role in the app; it@ has no account yet.
    ctx = await createTestContext(kind, { config: { adminLogins: ['collega@example.com', 'it@fc70.example'] } });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('makes the logins of ADMIN_LOGINS beheerder, whatever the app says, and nobody else', async () => {
    const jan = await ctx.signIn('collega@example.com');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jan } })).json().roles).toEqual(['medewerker', 'beheerder']);
    expect((await ctx.app.inject({ url: '/api/admin/people', headers: { cookie: jan } })).statusCode).toBe(200);
    const sofie = await ctx.signIn('demo@example.com');
    expect((await ctx.app.inject({ url: '/api/admin/people', headers: { cookie: sofie } })).statusCode).toBe(403);
    const people = (await ctx.app.inject({ url: '/api/admin/people?q=maes', headers: { cookie: jan } })).json();
    // The app's own roles stay what they were: ADMIN_LOGINS is a setting, not a change of the record.
    expect(people).toEqual([expect.objectContaining({ login: 'collega@example.com', roles: [] })]);
  });

  it('lets a login of ADMIN_LOGINS with no account in yet (an empty database), without an employee until she has names', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { [CLIENT_HEADER]: '1' },
      payload: { email: 'onbekend@fc70.example' },
    });
    expect(unknown.json().code).toBe('unknown_user');
    const it = await ctx.signIn('IT@fc70.example');
    const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie: it } })).json();
    expect(me).toMatchObject({ user: { login: 'IT@fc70.example' }, employee: null, roles: ['medewerker', 'beheerder'] });
    // She is no colleague: no employee, not in the lists.
    const employees = (await ctx.app.inject({ url: '/api/employees', headers: { cookie: it } })).json() as { userId: number }[];
    expect(employees.map((e) => e.userId)).not.toContain(me.user.id);
    const log = (await ctx.app.inject({ url: '/api/admin/log', headers: { cookie: it } })).json();
    expect(log.entries[0]).toMatchObject({ action: 'person.provision', actor: null, entityId: me.user.id });
    // Giving herself both names makes her an employee.
    const named = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/people/${me.user.id}`,
      headers: writeHeaders(it),
      payload: { firstName: 'Ilse', name: 'Thys' },
    });
    expect(named.json()).toMatchObject({ firstName: 'Ilse', name: 'Thys' });
    expect(named.json().employeeId).toEqual(expect.any(Number));
    // Signing in again is the same account.
    const again = await ctx.signIn('it@fc70.example');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: again } })).json()).toMatchObject({
      user: { id: me.user.id },
      employee: { firstName: 'Ilse' },
    });
  });

  it('adds the role accounts to a demo database seeded before them, once', async () => {
    const { topUpDemoAccounts } = await import('../db/seed.js');
    const roleLogins = sql`('beheer@example.com', 'manager@example.com')`;
    await ctx.database.db.execute(sql`delete from sessions where user_id in (select id from users where login in ${roleLogins})`);
    await ctx.database.db.execute(sql`delete from employees where user_id in (select id from users where login in ${roleLogins})`);
    await ctx.database.db.execute(sql`delete from users where login in ${roleLogins}`);
    await expect(ctx.signIn('beheer@example.com')).rejects.toThrow(/401/);
    expect(await topUpDemoAccounts(ctx.database.db)).toBe(2);
    expect(await topUpDemoAccounts(ctx.database.db)).toBe(0);
    const admin = await ctx.signIn('beheer@example.com');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: admin } })).json()).toMatchObject({
      employee: { firstName: 'Katrien' },
      roles: ['medewerker', 'beheerder'],
    });
    const manager = await ctx.signIn('manager@example.com');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: manager } })).json()).toMatchObject({
      employee: { firstName: 'Luc' },
      roles: ['medewerker', 'manager'],
    });
  });
});
