// The API's reads, its sessions and its public routes (the writes: apiWrites.test.ts, the visit submit: apiVisitSubmit.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_HEADER, shopProspection } from '@prospectie/contract';
import { apiFixture, MISSING, type ApiFixture } from '../test/apiFixture.js';
import { dbKinds, queryRows, writeHeaders, type TestContext } from '../test/harness.js';

describe.each(dbKinds)('API on %s', (kind) => {
  let ctx: TestContext;
  let cookie: string;
  let me: ApiFixture['me'];
  let shopId: number;
  let prospectionId: number;
  let todoId: number;

  beforeAll(async () => {
    ({ ctx, cookie, me, shopId, prospectionId, todoId } = await apiFixture(kind));
  }, 60_000);
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

  describe('reads', () => {
    const reads = (): [string, string, string][] => [
      // [url, url with a missing id, url with a non-numeric id]
      [`/api/shops/${shopId}`, `/api/shops/${MISSING}`, '/api/shops/abc'],
      [`/api/shops/${shopId}/prospections`, `/api/shops/${MISSING}/prospections`, '/api/shops/x/prospections'],
      [`/api/shops/${shopId}/brands`, `/api/shops/${MISSING}/brands`, '/api/shops/1.5/brands'],
      [`/api/prospections/${prospectionId}`, `/api/prospections/${MISSING}`, '/api/prospections/-1'],
      [`/api/prospections/${prospectionId}/brands`, `/api/prospections/${MISSING}/brands`, '/api/prospections/a/brands'],
      [
        `/api/prospections/${prospectionId}/competitorbrands`,
        `/api/prospections/${MISSING}/competitorbrands`,
        '/api/prospections/a/competitorbrands',
      ],
      [
        `/api/prospections/${prospectionId}/brandinterests`,
        `/api/prospections/${MISSING}/brandinterests`,
        '/api/prospections/a/brandinterests',
      ],
      [`/api/prospections/${prospectionId}/todos`, `/api/prospections/${MISSING}/todos`, '/api/prospections/a/todos'],
      [`/api/todos/${todoId}/employees`, `/api/todos/${MISSING}/employees`, '/api/todos/a/employees'],
      [`/api/users/${me.user.id}`, `/api/users/${MISSING}`, '/api/users/a'],
      [`/api/employees/user/${me.user.id}`, `/api/employees/user/${MISSING}`, '/api/employees/user/a'],
      [`/api/employees/${me.employee.id}/appointments`, `/api/employees/${MISSING}/appointments`, '/api/employees/a/appointments'],
      ['/api/countries/1/cities', `/api/countries/${MISSING}/cities`, '/api/countries/a/cities'],
      [`/api/contactinfo/${shopId}/5`, `/api/contactinfo/${MISSING}/5`, `/api/contactinfo/${shopId}/4`],
      [
        `/api/prospectionreport/employee/${me.employee.id}`,
        `/api/prospectionreport/employee/${MISSING}`,
        '/api/prospectionreport/employee/a',
      ],
    ];
    const lists = [
      '/api/shops',
      '/api/brands',
      '/api/competitorbrands',
      '/api/contacttypes',
      '/api/visittypes',
      '/api/countries',
      '/api/users',
      '/api/employees',
      '/api/todotypes',
      '/api/todostatuses',
    ];

    it('answer every list with a non-empty array', async () => {
      for (const url of lists) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.json().length, url).toBeGreaterThan(0);
      }
    });

    it('answer 404 for a missing id and 400 for a non-numeric one, with a JSON message', async () => {
      for (const [, missing, bad] of reads()) {
        const notFound = await get(missing);
        expect(notFound.statusCode, missing).toBe(missing.includes('prospectionreport') ? 403 : 404);
        expect(notFound.json().code, missing).toMatch(missing.includes('prospectionreport') ? /^not_own_report$/ : /_not_found$/);
        const badRes = await get(bad);
        expect(badRes.statusCode, bad).toBe(400);
        expect(badRes.json(), bad).toMatchObject({ code: 'validation_failed', field: expect.stringMatching(/^params\./) });
      }
    });

    it('answer 401 without a session, 200 with one', async () => {
      for (const url of [...lists, ...reads().map((r) => r[0])]) {
        const anonymous = await ctx.app.inject({ url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().error).toBe('Unauthorized');
      }
      for (const [url] of reads()) {
        const res = await get(url);
        // The demo rep has no sample report (so the 'new report' button shows): 404 is the answer there.
        const contactInfoMissing = url.includes('contactinfo') && res.statusCode === 404;
        expect(contactInfoMissing || url.includes('prospectionreport') ? [200, 404] : [200], url).toContain(res.statusCode);
      }
    });

    it('give a shop with its address, customer and owner', async () => {
      const shop = (await get(`/api/shops/${shopId}`)).json();
      expect(shop).toMatchObject({ id: shopId, name: expect.any(String) });
      expect(shop.address).toMatchObject({ street1: expect.any(String), city: expect.any(String), country: expect.any(String) });
    });

    it('list a shop\u2019s visits newest first, with visit type and who visited', async () => {
      const res = await get(`/api/shops/${shopId}/prospections`);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // The database writes this JSON: it must still be the contract's shape, and agree with each visit's own page.
      const visits = z.array(shopProspection).parse(res.json());
      const dates = visits.map((v) => v.visitDate);
      expect(dates).toEqual([...dates].sort().reverse());
      const visitTypes = new Map((await get('/api/visittypes')).json().map((t: { id: number; name: string }) => [t.id, t.name]));
      for (const v of visits) {
        const own = (await get(`/api/prospections/${v.id}`)).json();
        expect(own).toMatchObject({
          shopId,
          visitDate: v.visitDate,
          visitTypeId: v.visitTypeId,
          employeeId: v.employeeId,
          employeeName: v.employeeName,
        });
        expect(v.visitTypeName).toBe(visitTypes.get(v.visitTypeId));
      }
      const limited = (await get(`/api/shops/${shopId}/prospections?limit=1`)).json();
      expect(limited).toEqual(visits.slice(0, 1));
    });

    it('answer visit lists asked for at the same moment each with their own shop\u2019s visits', async () => {
      const shopIds: number[] = (await get('/api/shops'))
        .json()
        .map((s: { id: number }) => s.id)
        .slice(0, 8);
      const urls = [
        ...shopIds.map((id) => `/api/shops/${id}/prospections`),
        `/api/shops/${shopId}/prospections?limit=2`,
        `/api/shops/${MISSING}/prospections`,
      ];
      const oneByOne = [];
      for (const url of urls) oneByOne.push(await get(url));
      const together = await Promise.all(urls.map(get));
      expect(together.map((r) => [r.statusCode, r.json()])).toEqual(oneByOne.map((r) => [r.statusCode, r.json()]));
      expect(together.at(-1)!.statusCode).toBe(404);
      expect(together.at(-2)!.json()).toHaveLength(2);
      for (const [i, id] of shopIds.entries()) {
        for (const v of together[i].json()) expect((await get(`/api/prospections/${v.id}`)).json().shopId).toBe(id);
      }
    });

    it('name a visitor the same way everywhere, also without a first name', async () => {
      const [visit] = (await get(`/api/shops/${shopId}/prospections?limit=1`)).json();
      const [{ firstName }] = await queryRows<{ firstName: string }>(
        ctx.database,
        sql`select first_name as "firstName" from employees where id = ${visit.employeeId}`,
      );
      await ctx.database.db.execute(sql`update employees set first_name = '' where id = ${visit.employeeId}`);
      try {
        const [listed] = (await get(`/api/shops/${shopId}/prospections?limit=1`)).json();
        const own = (await get(`/api/prospections/${visit.id}`)).json();
        expect(listed.employeeName).toBe(own.employeeName);
        expect(listed.employeeName).not.toMatch(/^ | $/);
      } finally {
        await ctx.database.db.execute(sql`update employees set first_name = ${firstName} where id = ${visit.employeeId}`);
      }
    });

    it('serve a visible range of appointments, and refuse a broken range', async () => {
      const all = (await get(`/api/employees/${me.employee.id}/appointments`)).json();
      const week = (await get(`/api/employees/${me.employee.id}/appointments?from=2026-11-23&to=2026-11-28`)).json();
      expect(all.length).toBeGreaterThan(week.length);
      for (const a of week) {
        expect(a.startDate < '2026-11-28T00:00:00').toBe(true);
        expect(a.endDate > '2026-11-23T00:00:00').toBe(true);
        expect(a.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      }
      // Every appointment that overlaps the range, however long before it began: a holiday of three weeks, a trade
      // fair from six days before; not the one that ended as the range began.
      await ctx.database.db.execute(sql`insert into appointments (employee_id, name, start_date, end_date) values
        (${me.employee.id}, 'Verlof', '2026-11-02T00:00:00', '2026-11-25T00:00:00'),
        (${me.employee.id}, 'Beurs', '2026-11-17T09:00:00', '2026-11-23T12:00:00'),
        (${me.employee.id}, 'Net voorbij', '2026-11-20T09:00:00', '2026-11-23T00:00:00')`);
      const every = (await get(`/api/employees/${me.employee.id}/appointments`)).json() as {
        id: number;
        startDate: string;
        endDate: string;
      }[];
      const overlapping = every.filter((a) => a.startDate < '2026-11-28T00:00:00' && a.endDate > '2026-11-23T00:00:00');
      const withLong = (await get(`/api/employees/${me.employee.id}/appointments?from=2026-11-23&to=2026-11-28`)).json();
      expect(withLong.map((a: { id: number }) => a.id)).toEqual(overlapping.map((a) => a.id));
      expect(withLong.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Verlof', 'Beurs']));
      expect(withLong.map((a: { name: string }) => a.name)).not.toContain('Net voorbij');
      expect((await get(`/api/employees/${me.employee.id}/appointments?from=2026-11-23`)).statusCode).toBe(400);
      expect((await get(`/api/employees/${me.employee.id}/appointments?from=2026-11-28&to=2026-11-23`)).statusCode).toBe(400);
      expect((await get(`/api/employees/${me.employee.id}/appointments?from=gisteren&to=morgen`)).statusCode).toBe(400);
    });

    it('sort a country\u2019s cities by name, and give Luxemburg none', async () => {
      const countries = (await get('/api/countries')).json();
      const belgium = countries.find((c: { name: string }) => c.name === 'België');
      const cities = (await get(`/api/countries/${belgium.id}/cities`)).json();
      const names = cities.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      const lux = countries.find((c: { name: string }) => c.name === 'Luxemburg');
      expect((await get(`/api/countries/${lux.id}/cities`)).json()).toEqual([]);
    });

    it('look up a directory user by e-mail as text, empty when unknown', async () => {
      const known = await get('/api/User/GetUserByEmail/DEMO@example.com');
      expect(known.statusCode).toBe(200);
      expect(JSON.parse(known.body)).toEqual({ Id: me.user.id });
      const unknown = await get('/api/User/GetUserByEmail/nobody@example.com');
      expect(unknown.body).toBe('');
    });
  });

  describe('sessions', () => {
    it('signs in by e-mail, refuses an unknown one, and ends at logout', async () => {
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        payload: { email: 'wie@example.com' },
        headers: { [CLIENT_HEADER]: '1' },
      });
      expect(unknown.statusCode).toBe(401);
      const session = await ctx.signIn('Demo@Example.com');
      const meRes = await ctx.app.inject({ url: '/api/me', headers: { cookie: session } });
      expect(meRes.json()).toMatchObject({ user: { login: 'demo@example.com' }, employee: { firstName: 'Sofie' }, authMode: 'demo' });
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: writeHeaders(session) });
      expect(out.statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: session } })).statusCode).toBe(401);
    });

    it('sets an httpOnly SameSite=Lax cookie and no readable user id', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        payload: { email: 'demo@example.com' },
        headers: { [CLIENT_HEADER]: '1' },
      });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/userId/);
    });

    it('says an account without an employee has none', async () => {
      const session = await ctx.signIn('geen.medewerker@example.com');
      const res = await ctx.app.inject({ url: '/api/me', headers: { cookie: session } });
      expect(res.json().employee).toBeNull();
    });

    it('refuses a tampered session id', async () => {
      const res = await ctx.app.inject({ url: '/api/me', headers: { cookie: `${cookie.split('=')[0]}=${'A'.repeat(43)}` } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('public routes', () => {
    it('health answers without a session', async () => {
      const res = await ctx.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('the OpenAPI document lists the routes', async () => {
      const res = await ctx.app.inject({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/shops/{id}', '/api/shops/{id}/prospections', '/api/contactinfo/{shopId}/{code}']),
      );
    });

    it('unknown API paths answer 404 JSON', async () => {
      const res = await ctx.app.inject({ url: '/api/bestaat-niet', headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Not Found');
    });
  });
});
