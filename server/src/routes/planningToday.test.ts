// Planning: Vandaag, Te bezoeken and a shop's plan.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@prospectie/contract';
import { dbKinds, queryRows, writeHeaders, type TestContext } from '../test/harness.js';
import { day, today, planningCalls, planningFixture, type PlanningFixture } from '../test/planningFixture.js';

describe.each(dbKinds)('planning on %s', (kind) => {
  let ctx: TestContext;
  let rep: string; // demo@example.com: Sofie Janssens
  let colleague: string; // collega@example.com: Jan Maes
  let repId: number;
  let colleagueId: number;
  let shops: PlanningFixture['shops'];

  beforeAll(async () => {
    ({ ctx, rep, colleague, repId, colleagueId, shops } = await planningFixture(kind));
  }, 120_000);
  afterAll(async () => ctx?.close());

  const { create, visit } = planningCalls(() => ctx);

  describe('Vandaag, Te bezoeken and the shop page', () => {
    it("answers today's appointments of the rep in order, with their shop", async () => {
      const later: Appointment = (
        await create(rep, { clientId: randomUUID(), shopId: shops[4].id, startDate: `${today}T16:00`, endDate: `${today}T17:00` })
      ).json();
      const earlier: Appointment = (
        await create(rep, { clientId: randomUUID(), shopId: shops[5].id, startDate: `${today}T07:00`, endDate: `${today}T07:30` })
      ).json();
      await create(rep, { clientId: randomUUID(), name: 'morgen', startDate: `${day(1)}T07:00`, endDate: `${day(1)}T08:00` });
      await create(colleague, { clientId: randomUUID(), name: 'van Jan', startDate: `${today}T07:00`, endDate: `${today}T08:00` });
      const res = await ctx.app.inject({ url: '/api/me/today', headers: { cookie: rep } });
      expect(res.statusCode).toBe(200);
      const list: Appointment[] = res.json();
      expect(list.every((a) => a.employeeId === repId && a.startDate.startsWith(today))).toBe(true);
      const ids = list.map((a) => a.id);
      expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(later.id));
      expect(list.find((a) => a.id === later.id)).toMatchObject({ shopId: shops[4].id, shopName: shops[4].name });
      expect(list.map((a) => a.startDate)).toEqual([...list.map((a) => a.startDate)].sort());
    });

    it("says when the rep's next visit to a due shop is planned; a colleague's plan or a past one does not count", async () => {
      const dueNow = async () => (await ctx.app.inject({ url: '/api/me/due-shops', headers: { cookie: rep } })).json().shops;
      const [first] = await dueNow();
      expect(first.plannedAt).toBeNull();
      const plan = (cookie: string, start: string, end: string) =>
        create(cookie, { clientId: randomUUID(), shopId: first.shopId, startDate: start, endDate: end });
      expect((await plan(colleague, `${day(2)}T09:00`, `${day(2)}T10:00`)).statusCode).toBe(201);
      expect((await plan(rep, `${day(-3)}T09:00`, `${day(-3)}T10:00`)).statusCode).toBe(201);
      expect((await plan(rep, `${day(5)}T14:00`, `${day(5)}T15:00`)).statusCode).toBe(201);
      expect((await plan(rep, `${day(9)}T14:00`, `${day(9)}T15:00`)).statusCode).toBe(201);
      const after = (await dueNow()).find((s: { shopId: number }) => s.shopId === first.shopId);
      expect(after.plannedAt).toBe(`${day(5)}T14:00:00`);
    });

    it('lists the portfolio shops nobody visited for 90 days, never visited first, then the longest ago', async () => {
      const country = (await ctx.app.inject({ url: '/api/countries', headers: { cookie: rep } })).json()[0].id;
      const city = (await ctx.app.inject({ url: `/api/countries/${country}/cities`, headers: { cookie: rep } })).json()[0].id;
      const newShop = async (name: string) =>
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/shops/register',
            headers: writeHeaders(rep),
            payload: { name, countryId: country, cityId: city },
          })
        ).json().id as number;
      const neverVisited = await newShop('Nooit bezocht');
      const visitedLongAgo = await newShop('Lang geleden');
      const visitedRecently = await newShop('Pas bezocht');
      const byColleague = await newShop('Door Jan bezocht');
      const colleaguesShop = await newShop('Van Jan');
      await queryRows(ctx.database, sql`update shops set assigned_employee_id = ${repId} where id in (${neverVisited}, ${byColleague})`);
      await queryRows(ctx.database, sql`update shops set assigned_employee_id = ${colleagueId} where id = ${colleaguesShop}`);
      expect((await visit(rep, visitedLongAgo, { visitDate: day(-120) })).statusCode).toBe(201);
      expect((await visit(rep, visitedRecently, { visitDate: day(-10) })).statusCode).toBe(201);
      expect((await visit(colleague, byColleague, { visitDate: day(-200) })).statusCode).toBe(201);
      const res = await ctx.app.inject({ url: '/api/me/due-shops', headers: { cookie: rep } });
      expect(res.statusCode).toBe(200);
      const { dueAfterDays, shops: due } = res.json();
      expect(dueAfterDays).toBe(90);
      const ids = due.map((s: { shopId: number }) => s.shopId);
      expect(ids).toContain(neverVisited);
      expect(ids).not.toContain(visitedRecently);
      expect(ids).not.toContain(colleaguesShop);
      expect(ids.indexOf(neverVisited)).toBeLessThan(ids.indexOf(byColleague));
      expect(ids.indexOf(byColleague)).toBeLessThan(ids.indexOf(visitedLongAgo));
      expect(due.find((s: { shopId: number }) => s.shopId === neverVisited)).toMatchObject({
        shopName: expect.stringMatching(/^nooit bezocht$/i),
        lastVisitDate: null,
        daysSince: null,
        assigned: true,
      });
      expect(due.find((s: { shopId: number }) => s.shopId === byColleague)).toMatchObject({
        lastVisitDate: day(-200),
        lastVisitBy: 'Jan Maes',
        daysSince: 200,
        assigned: true,
      });
      expect(due.find((s: { shopId: number }) => s.shopId === visitedLongAgo)).toMatchObject({
        lastVisitDate: day(-120),
        lastVisitBy: 'Sofie Janssens',
        daysSince: 120,
        assigned: false,
      });
      const dates = due.map((s: { lastVisitDate: string | null }) => s.lastVisitDate ?? '');
      expect(dates).toEqual([...dates].sort());

      // The shop page: the next planned visit (anyone's) and the last visit, with who.
      const plan = await ctx.app.inject({ url: `/api/shops/${visitedLongAgo}/plan`, headers: { cookie: colleague } });
      expect(plan.json()).toEqual({
        nextAppointment: null,
        lastVisit: expect.objectContaining({ visitDate: day(-120), employeeName: 'Sofie Janssens' }),
      });
      await create(rep, { clientId: randomUUID(), shopId: visitedLongAgo, startDate: `${day(20)}T10:00`, endDate: `${day(20)}T11:00` });
      const next: Appointment = (
        await create(rep, { clientId: randomUUID(), shopId: visitedLongAgo, startDate: `${day(14)}T10:00`, endDate: `${day(14)}T11:00` })
      ).json();
      const planned = (await ctx.app.inject({ url: `/api/shops/${visitedLongAgo}/plan`, headers: { cookie: colleague } })).json();
      expect(planned.nextAppointment).toEqual({
        id: next.id,
        startDate: `${day(14)}T10:00:00`,
        endDate: `${day(14)}T11:00:00`,
        employeeId: repId,
        employeeName: 'Sofie Janssens',
        mine: false,
      });
      expect((await ctx.app.inject({ url: `/api/shops/999999/plan`, headers: { cookie: rep } })).statusCode).toBe(404);
    });
  });
});
