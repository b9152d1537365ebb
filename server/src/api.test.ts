import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_HEADER, shopProspection } from '@prospectie/contract';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from './test/harness.js';

const MISSING = 999999;

describe.each(dbKinds)('API on %s', (kind) => {
  let ctx: TestContext;
  let cookie: string;
  let me: { user: { id: number }; employee: { id: number; firstName: string } };
  let shopId: number;
  let prospectionId: number;
  let todoId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    cookie = await ctx.signIn();
    me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json();
    const shops = (await ctx.app.inject({ url: '/api/shops', headers: { cookie } })).json();
    for (const s of shops) {
      const visits = (await ctx.app.inject({ url: `/api/shops/${s.id}/prospections`, headers: { cookie } })).json();
      if (visits.length) {
        shopId = s.id;
        prospectionId = visits[0].id;
        break;
      }
    }
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/todos',
      payload: { name: 'Eigen taak' },
      headers: writeHeaders(cookie),
    });
    todoId = created.json().id;
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

  describe('writes', () => {
    const validWrites = (): { method: 'POST' | 'PUT'; url: string; body: unknown; invalid: unknown; field: string }[] => [
      {
        method: 'POST',
        url: '/api/addresses',
        body: { street1: 'MEIR 1', cityId: 1, postalCode: '2000' },
        invalid: { cityId: 'x' },
        field: 'cityId',
      },
      { method: 'POST', url: '/api/contacts', body: { name: 'X', addressId: 1 }, invalid: { name: '', addressId: 1 }, field: 'name' },
      {
        method: 'POST',
        url: '/api/shops',
        body: { name: 'nieuw', contactId: 1 },
        invalid: { name: 'x', contactId: -4 },
        field: 'contactId',
      },
      {
        method: 'POST',
        url: '/api/shops/register',
        body: { name: 'Boetiek Test', countryId: 1, cityId: 1, street: 'Meir', houseNumber: 3, addition: 'a' },
        invalid: { name: 'Boetiek', countryId: 1, cityId: 1, houseNumber: 0 },
        field: 'houseNumber',
      },
      {
        method: 'POST',
        url: '/api/prospections',
        body: { shopId, visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 4 },
        invalid: { shopId, visitDate: '20/11/2026', contactTypeId: 4, visitTypeId: 4 },
        field: 'visitDate',
      },
      {
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        body: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 4, trends: 't', extra: 'e' },
        invalid: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 4, brands: [{ brandId: 1, sellout: 101 }] },
        field: 'brands.0.sellout',
      },
      { method: 'POST', url: '/api/todos', body: { name: 'Bellen', remarks: 'r' }, invalid: { name: '   ' }, field: 'name' },
      {
        method: 'PUT',
        url: `/api/todos/${todoId}/employees`,
        body: { EmployeeIds: [me.employee.id] },
        invalid: { EmployeeIds: ['a'] },
        field: 'EmployeeIds.0',
      },
      { method: 'POST', url: '/api/prospectionreport', body: { content: 'Mijn voorbeeld' }, invalid: { content: 5 }, field: 'content' },
    ];

    it('refuse every write without a session (401) or without the app header (403), writing nothing', async () => {
      const before = await ctx.rowCounts();
      for (const w of validWrites()) {
        const anonymous = await ctx.app.inject({
          method: w.method,
          url: w.url,
          payload: w.body as object,
          headers: { [CLIENT_HEADER]: '1' },
        });
        expect(anonymous.statusCode, w.url).toBe(401);
        const noHeader = await ctx.app.inject({ method: w.method, url: w.url, payload: w.body as object, headers: { cookie } });
        expect(noHeader.statusCode, w.url).toBe(403);
        const foreign = await ctx.app.inject({
          method: w.method,
          url: w.url,
          payload: w.body as object,
          headers: writeHeaders(cookie, { origin: 'https://evil.example' }),
        });
        expect(foreign.statusCode, w.url).toBe(403);
      }
      expect(await ctx.rowCounts()).toEqual(before);
    });

    it('refuse an invalid body with 400 naming the field, writing nothing', async () => {
      const before = await ctx.rowCounts();
      for (const w of validWrites()) {
        const res = await ctx.app.inject({ method: w.method, url: w.url, payload: w.invalid as object, headers: writeHeaders(cookie) });
        expect(res.statusCode, w.url).toBe(400);
        expect(res.json().message, w.url).toContain(w.field);
      }
      const broken = await ctx.app.inject({
        method: 'POST',
        url: '/api/todos',
        payload: '{"name": ',
        headers: writeHeaders(cookie, { 'content-type': 'application/json' }),
      });
      expect(broken.statusCode).toBe(400);
      expect(await ctx.rowCounts()).toEqual(before);
    });

    it('accept every valid write', async () => {
      for (const w of validWrites()) {
        const res = await ctx.app.inject({ method: w.method, url: w.url, payload: w.body as object, headers: writeHeaders(cookie) });
        expect([201, 204], `${w.url}: ${res.body}`).toContain(res.statusCode);
      }
    });

    it('refuse references to rows that do not exist with 400, writing nothing', async () => {
      const before = await ctx.rowCounts();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        payload: {
          visitDate: '2026-11-20',
          contactTypeId: 4,
          visitTypeId: 4,
          brands: [{ brandId: 1, sellout: 40 }],
          competitorBrandIds: [MISSING],
        },
        headers: writeHeaders(cookie),
      });
      expect(res.statusCode).toBe(400);
      const missingShop = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${MISSING}/prospections`,
        payload: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 4 },
        headers: writeHeaders(cookie),
      });
      expect(missingShop.statusCode).toBe(404);
      expect(await ctx.rowCounts()).toEqual(before);
    });
  });

  describe('visit submit', () => {
    it('saves a whole visit once, and replays the answer for a retry with the same key', async () => {
      const colleagues = (await get('/api/employees')).json().filter((e: { id: number }) => e.id !== me.employee.id);
      const body = {
        visitDate: '2026-11-23',
        contactTypeId: 1,
        contactName: 'An Peeters',
        contactEmail: 'an@winkel.example',
        contactPhone: '+32 470 00 00 00',
        visitTypeId: 1,
        visitContext: 'Nieuwe collectie',
        newBrands: 'Merk X',
        bestBrands: 'A',
        worstBrands: 'B',
        terminatedBrands: 'C',
        trends: 'Meer duurzaamheid',
        extra: 'Tevreden klant',
        brands: [{ brandId: 1, sellout: 60, selloutRemark: 'goed' }],
        competitorBrandIds: [1, 2],
        brandInterests: [{ brandId: 2, remark: 'stalen' }],
        todos: [{ name: 'Stalen sturen', remarks: 'Lente', toDoTypeId: 4, employeeIds: [colleagues[0].id, colleagues[1].id] }],
      };
      const before = await ctx.rowCounts();
      const headers = writeHeaders(cookie, { 'idempotency-key': 'visit-1' });
      const first = await ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/prospections`, payload: body, headers });
      expect(first.statusCode).toBe(201);
      const again = await ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/prospections`, payload: body, headers });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      const other = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        payload: { ...body, extra: 'anders' },
        headers,
      });
      expect(other.statusCode).toBe(422);
      const after = await ctx.rowCounts();
      expect(after.prospections).toBe(before.prospections + 1);
      expect(after.todos).toBe(before.todos + 1);
      expect(after.todo_employees).toBe(before.todo_employees + 2);

      const id = first.json().id;
      const saved = (await get(`/api/prospections/${id}`)).json();
      expect(saved).toMatchObject({
        shopId,
        employeeId: me.employee.id,
        userCreatedId: me.user.id,
        contactName: 'An Peeters',
        trends: 'Meer duurzaamheid',
      });
      expect((await get(`/api/prospections/${id}/brands`)).json()).toEqual([
        expect.objectContaining({ brandId: 1, sellout: 60, selloutRemark: 'goed' }),
      ]);
      expect((await get(`/api/prospections/${id}/competitorbrands`)).json()).toHaveLength(2);
      expect((await get(`/api/prospections/${id}/brandinterests`)).json()).toEqual([
        expect.objectContaining({ brandId: 2, remark: 'stalen' }),
      ]);
      const todos = (await get(`/api/prospections/${id}/todos`)).json();
      expect(todos).toHaveLength(1);
      expect(todos[0]).toMatchObject({ name: 'Stalen sturen', toDoStatusId: 1, toDoTypeId: 4, userCreatedId: me.user.id });
      expect(todos[0].employees.map((e: { id: number }) => e.id).sort()).toEqual([colleagues[0].id, colleagues[1].id].sort());
      const visits = (await get(`/api/shops/${shopId}/prospections`)).json();
      expect(visits[0].id).toBe(id);
    });

    it('keeps what was typed without the spaces around it, and a text of only spaces as none', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        headers: writeHeaders(cookie),
        payload: {
          visitDate: '2026-11-20',
          contactTypeId: 4,
          visitTypeId: 4,
          trends: '  Meer linnen  ',
          extra: '   ',
          brandInterests: [
            { brandId: 1, remark: ' stalen ' },
            { brandId: 2, remark: '  ' },
          ],
        },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      expect((await get(`/api/prospections/${id}`)).json()).toMatchObject({ trends: 'Meer linnen', extra: null });
      const interests = (await get(`/api/prospections/${id}/brandinterests`)).json() as { brandId: number; remark: string | null }[];
      expect(interests.map(({ brandId, remark }) => ({ brandId, remark })).sort((a, b) => a.brandId - b.brandId)).toEqual([
        { brandId: 1, remark: 'stalen' },
        { brandId: 2, remark: null },
      ]);
    });

    it('keeps a sell-out with one decimal (12.5) as typed, and refuses two decimals or more than 100', async () => {
      const send = (sellout: number) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/shops/${shopId}/prospections`,
          payload: {
            visitDate: '2026-11-20',
            contactTypeId: 4,
            visitTypeId: 4,
            brands: [
              { brandId: 1, sellout },
              { brandId: 2, sellout: 0.1 },
            ],
          },
          headers: writeHeaders(cookie),
        });
      const saved = await send(12.5);
      expect(saved.statusCode, saved.body).toBe(201);
      const brands = (await get(`/api/prospections/${saved.json().id}/brands`)).json();
      expect(brands.map((b: { brandId: number; sellout: number }) => [b.brandId, b.sellout]).sort()).toEqual([
        [1, 12.5],
        [2, 0.1],
      ]);
      const before = await ctx.rowCounts();
      for (const sellout of [12.55, 100.1, -0.1]) {
        const refused = await send(sellout);
        expect(refused.statusCode, String(sellout)).toBe(400);
        expect(refused.json(), String(sellout)).toMatchObject({ field: 'body.brands.0.sellout', rule: 'sellout_range' });
      }
      expect(await ctx.rowCounts()).toEqual(before);
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/prospections/${saved.json().id}/brands`,
        payload: { ProspectionBrands: [{ brandId: 1, sellout: 99.9 }] },
        headers: writeHeaders(cookie),
      });
      expect(edited.statusCode, edited.body).toBe(204);
      expect((await get(`/api/prospections/${saved.json().id}/brands`)).json()).toEqual([
        expect.objectContaining({ brandId: 1, sellout: 99.9 }),
      ]);
    });

    it('refuses a visit dated after today in Belgium naming the rule, and takes one dated today', async () => {
      const brussels = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(at));
      const today = brussels(Date.now());
      const before = await ctx.rowCounts();
      for (const visitDate of [brussels(Date.now() + 36 * 3600_000), '2031-05-05']) {
        for (const [url, extra] of [
          [`/api/shops/${shopId}/prospections`, {}],
          ['/api/prospections', { shopId }],
        ] as const) {
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            payload: { ...extra, visitDate, contactTypeId: 4, visitTypeId: 4 },
            headers: writeHeaders(cookie),
          });
          expect(res.statusCode, `${url} ${visitDate}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'validation_failed', field: 'body.visitDate', rule: 'visit_date_in_future' });
        }
      }
      expect(await ctx.rowCounts()).toEqual(before);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        payload: { visitDate: today, contactTypeId: 4, visitTypeId: 4 },
        headers: writeHeaders(cookie),
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('gives every to-do someone to follow it up: an automatic one sent without goes to the rep, a manual one without is refused', async () => {
      const send = (todos: object[]) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/shops/${shopId}/prospections`,
          payload: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 4, todos },
          headers: writeHeaders(cookie),
        });
      const saved = await send([1, 2, 3].map((toDoTypeId) => ({ name: `Automatisch ${toDoTypeId}`, toDoTypeId, employeeIds: [] })));
      expect(saved.statusCode, saved.body).toBe(201);
      const todos = (await get(`/api/prospections/${saved.json().id}/todos`)).json();
      expect(todos.map((t: { employees: { id: number }[] }) => t.employees.map((e) => e.id))).toEqual([
        [me.employee.id],
        [me.employee.id],
        [me.employee.id],
      ]);
      const before = await ctx.rowCounts();
      const refused = await send([{ name: 'Stalen sturen', toDoTypeId: 4, employeeIds: [] }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', field: 'body.todos.0.employeeIds', rule: 'todo_without_assignee' });
      expect(await ctx.rowCounts()).toEqual(before);
    });

    it('takes the creator from the session, not from the body', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/prospections',
        payload: { shopId, visitDate: '2026-11-21', contactTypeId: 4, visitTypeId: 4, userCreatedId: 1, employeeId: 2 },
        headers: writeHeaders(cookie),
      });
      expect(res.statusCode).toBe(201);
      const saved = (await get(`/api/prospections/${res.json().id}`)).json();
      expect(saved.userCreatedId).toBe(me.user.id);
      expect(saved.employeeId).toBe(me.employee.id);
    });

    it('refuses a visit from an account without an employee with the spec\u2019s message', async () => {
      const noEmployee = await ctx.signIn('geen.medewerker@example.com');
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        payload: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 4 },
        headers: writeHeaders(noEmployee),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('no_employee');
    });

    it('lets only the recorder change a visit\u2019s parts afterwards', async () => {
      const colleague = await ctx.signIn('collega@example.com');
      const mine = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/prospections',
          payload: { shopId, visitDate: '2026-11-22', contactTypeId: 4, visitTypeId: 4 },
          headers: writeHeaders(cookie),
        })
      ).json();
      for (const [part, body] of [
        ['brands', { ProspectionBrands: [{ brandId: 1, sellout: 10 }] }],
        ['brandinterests', { ProspectionBrandInterests: [{ brandId: 1, remark: 'x' }] }],
        ['competitorbrands', { CompetitorBrandIds: [3] }],
        ['todos', { ToDoIds: [todoId] }],
      ] as const) {
        const put = (visitId: number, who: string) =>
          ctx.app.inject({ method: 'PUT', url: `/api/prospections/${visitId}/${part}`, payload: body, headers: writeHeaders(who) });
        expect((await put(mine.id, colleague)).statusCode, part).toBe(403);
        expect((await put(mine.id, cookie)).statusCode, part).toBe(204);
        expect((await put(MISSING, cookie)).statusCode, part).toBe(404);
      }
      expect((await get(`/api/prospections/${mine.id}/competitorbrands`)).json()).toEqual([
        expect.objectContaining({ competitorBrandId: 3 }),
      ]);
    });
  });

  describe('new shop in one call', () => {
    it('creates address, contact and shop upper-cased, once per key', async () => {
      const before = await ctx.rowCounts();
      const body = { name: 'Boetiek Zonneschijn', countryId: 1, cityId: 1, street: 'Veldstraat', houseNumber: 12, addition: 'b' };
      const headers = writeHeaders(cookie, { 'idempotency-key': 'shop-1' });
      const first = await ctx.app.inject({ method: 'POST', url: '/api/shops/register', payload: body, headers });
      const second = await ctx.app.inject({ method: 'POST', url: '/api/shops/register', payload: body, headers });
      expect(first.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      const after = await ctx.rowCounts();
      expect(after.shops).toBe(before.shops + 1);
      expect(after.addresses).toBe(before.addresses + 1);
      const shop = (await get(`/api/shops/${first.json().id}`)).json();
      expect(shop.name).toBe('BOETIEK ZONNESCHIJN');
      expect(shop.address.street1).toBe('VELDSTRAAT 12 / B');
    });

    it('refuses a city of another country with the spec\u2019s message', async () => {
      const countries = (await get('/api/countries')).json();
      const nl = countries.find((c: { name: string }) => c.name === 'Nederland');
      const before = await ctx.rowCounts();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/shops/register',
        payload: { name: 'X', countryId: nl.id, cityId: 1 },
        headers: writeHeaders(cookie),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_city', field: 'body.cityId' });
      expect(await ctx.rowCounts()).toEqual(before);
    });
  });

  describe('to-dos', () => {
    it('a to-do made alone goes to whoever makes it, or to the chosen colleagues; none at all is refused', async () => {
      const colleague = (await get('/api/employees')).json().find((e: { id: number }) => e.id !== me.employee.id);
      const assigned = async (id: number) => (await get(`/api/todos/${id}/employees`)).json().map((e: { id: number }) => e.id);
      const own = await ctx.app.inject({
        method: 'POST',
        url: '/api/todos',
        payload: { name: 'Terugbellen' },
        headers: writeHeaders(cookie),
      });
      expect(own.statusCode).toBe(201);
      expect(await assigned(own.json().id)).toEqual([me.employee.id]);
      const handed = await ctx.app.inject({
        method: 'POST',
        url: '/api/todos',
        payload: { name: 'Stalen', employeeIds: [colleague.id] },
        headers: writeHeaders(cookie),
      });
      expect(await assigned(handed.json().id)).toEqual([colleague.id]);
      const before = await ctx.rowCounts();
      const nobody = await ctx.app.inject({
        method: 'POST',
        url: '/api/todos',
        payload: { name: 'Niemand', employeeIds: [] },
        headers: writeHeaders(cookie),
      });
      const cleared = await ctx.app.inject({
        method: 'PUT',
        url: `/api/todos/${own.json().id}/employees`,
        payload: { EmployeeIds: [] },
        headers: writeHeaders(cookie),
      });
      for (const res of [nobody, cleared]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', rule: 'todo_without_assignee' });
      }
      expect(await ctx.rowCounts()).toEqual(before);
      expect(await assigned(own.json().id)).toEqual([me.employee.id]);
    });
  });

  describe('sample report', () => {
    it('is read and changed only by its own employee', async () => {
      const colleague = await ctx.signIn('collega@example.com');
      const colleagueMe = (await ctx.app.inject({ url: '/api/me', headers: { cookie: colleague } })).json();
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/prospectionreport',
        payload: { content: 'Van collega' },
        headers: writeHeaders(colleague),
      });
      expect(created.statusCode).toBe(201);
      const report = created.json();
      expect(report.employeeId).toBe(colleagueMe.employee.id);
      expect((await get(`/api/prospectionreport/employee/${colleagueMe.employee.id}`)).statusCode).toBe(403);
      const before = await ctx.rowCounts();
      const steal = await ctx.app.inject({
        method: 'PUT',
        url: `/api/prospectionreport/${report.id}`,
        payload: { content: 'gekaapt' },
        headers: writeHeaders(cookie),
      });
      expect(steal.statusCode).toBe(403);
      const forOther = await ctx.app.inject({
        method: 'POST',
        url: '/api/prospectionreport',
        payload: { content: 'x', employeeId: colleagueMe.employee.id },
        headers: writeHeaders(cookie),
      });
      expect(forOther.statusCode).toBe(403);
      expect(await ctx.rowCounts()).toEqual(before);
      const own = await ctx.app.inject({
        method: 'PUT',
        url: `/api/prospectionreport/${report.id}`,
        payload: { content: 'Bijgewerkt' },
        headers: writeHeaders(colleague),
      });
      expect(own.json().content).toBe('Bijgewerkt');
      const missing = await ctx.app.inject({
        method: 'PUT',
        url: `/api/prospectionreport/${MISSING}`,
        payload: { content: 'x' },
        headers: writeHeaders(colleague),
      });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses an empty or blank report naming the rule, keeping the one there', async () => {
      const blank = ['', '   ', ' \n\t '];
      const existing = await get(`/api/prospectionreport/employee/${me.employee.id}`);
      const before = await ctx.rowCounts();
      for (const content of blank) {
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/prospectionreport',
          payload: { content },
          headers: writeHeaders(cookie),
        });
        expect(created.statusCode, JSON.stringify(content)).toBe(400);
        expect(created.json()).toMatchObject({ code: 'validation_failed', field: 'body.content', rule: 'report_empty' });
        if (existing.statusCode === 200) {
          const updated = await ctx.app.inject({
            method: 'PUT',
            url: `/api/prospectionreport/${existing.json().id}`,
            payload: { content },
            headers: writeHeaders(cookie),
          });
          expect(updated.statusCode, JSON.stringify(content)).toBe(400);
        }
      }
      expect(await ctx.rowCounts()).toEqual(before);
      if (existing.statusCode === 200)
        expect((await get(`/api/prospectionreport/employee/${me.employee.id}`)).json().content).toBe(existing.json().content);
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
