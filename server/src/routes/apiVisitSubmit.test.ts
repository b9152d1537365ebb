// The API's visit submit: a whole visit in one call, its rules, and who may change its parts afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
