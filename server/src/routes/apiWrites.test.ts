// The API's writes: refused without a session, the app header or a valid body, and accepted; a new shop in one call;
// to-dos; the sample report. The report's blocks come after the writes, which give the demo rep one, so the blank
// report is also tried as an update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { apiFixture, MISSING, type ApiFixture } from '../test/apiFixture.js';
import { dbKinds, writeHeaders, type TestContext } from '../test/harness.js';

describe.each(dbKinds)('API on %s', (kind) => {
  let ctx: TestContext;
  let cookie: string;
  let me: ApiFixture['me'];
  let shopId: number;
  let todoId: number;

  beforeAll(async () => {
    ({ ctx, cookie, me, shopId, todoId } = await apiFixture(kind));
  }, 60_000);
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

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
});
