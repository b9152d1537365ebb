// Planning (issue 23): appointments of our own and their owner rule, the offline sequence and retries, the visit
// that makes an appointment done, Vandaag, Te bezoeken, a shop's plan, the calendar feed read back by a real
// iCalendar parser, and the .ics import.
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@prospectie/contract';
import { addDays, brusselsNow } from './services/appointments.js';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from './test/harness.js';

const today = brusselsNow().slice(0, 10);
const day = (offset: number) => addDays(today, offset);

describe.each(dbKinds)('planning on %s', (kind) => {
  let ctx: TestContext;
  let rep: string; // demo@example.com: Sofie Janssens
  let colleague: string; // collega@example.com: Jan Maes
  let repId: number;
  let colleagueId: number;
  let shops: { id: number; name: string }[];

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    rep = await ctx.signIn('demo@example.com');
    colleague = await ctx.signIn('collega@example.com');
    repId = (await ctx.app.inject({ url: '/api/me', headers: { cookie: rep } })).json().employee.id;
    colleagueId = (await ctx.app.inject({ url: '/api/me', headers: { cookie: colleague } })).json().employee.id;
    shops = (await ctx.app.inject({ url: '/api/shops', headers: { cookie: rep } })).json();
  }, 120_000);
  afterAll(async () => ctx?.close());

  const create = (cookie: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: writeHeaders(cookie, headers), payload });
  const patch = (cookie: string, ref: number | string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${ref}`, headers: writeHeaders(cookie, headers), payload });
  const remove = (cookie: string, ref: number | string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${ref}`, headers: writeHeaders(cookie) });
  const appointmentsOf = async (cookie: string, employeeId: number): Promise<Appointment[]> =>
    (await ctx.app.inject({ url: `/api/employees/${employeeId}/appointments`, headers: { cookie } })).json();
  const visit = (cookie: string, shopId: number, extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(cookie),
      payload: { visitDate: today, contactTypeId: 1, visitTypeId: 1, extra: 'gepland bezoek', ...extra },
    });

  describe('appointments of our own', () => {
    it('creates one at a shop, named after the shop, that every calendar read shows with its shop', async () => {
      const shop = shops[0];
      const res = await create(rep, {
        clientId: randomUUID(),
        shopId: shop.id,
        startDate: `${day(2)}T10:00`,
        endDate: `${day(2)}T11:00`,
        remarks: 'Nieuwe collectie tonen',
      });
      expect(res.statusCode).toBe(201);
      const created: Appointment = res.json();
      expect(created).toMatchObject({
        name: shop.name,
        shopId: shop.id,
        shopName: shop.name,
        employeeId: repId,
        mine: true,
        allDay: false,
        prospectionId: null,
        sequence: 0,
        startDate: `${day(2)}T10:00:00`,
        endDate: `${day(2)}T11:00:00`,
      });
      const mine = (await appointmentsOf(rep, repId)).find((a) => a.id === created.id);
      expect(mine).toMatchObject({ shopId: shop.id, shopName: shop.name, mine: true, remarks: 'Nieuwe collectie tonen' });
      // A colleague sees it in the overlay, not as hers.
      const seen = (await appointmentsOf(colleague, repId)).find((a) => a.id === created.id);
      expect(seen).toMatchObject({ mine: false, employeeId: repId });
    });

    it('keeps a name without the spaces around it, and one of only spaces as none: the shop names it', async () => {
      const at = { startDate: `${day(3)}T10:00`, endDate: `${day(3)}T11:00` };
      const named = await create(rep, { clientId: randomUUID(), ...at, name: '  Showroomdag  ' });
      expect(named.json()).toMatchObject({ name: 'Showroomdag' });
      const blank = await create(rep, { clientId: randomUUID(), ...at, shopId: shops[1].id, name: '   ' });
      expect(blank.json()).toMatchObject({ name: shops[1].name });
    });

    it('moves, resizes and edits an own appointment and raises its sequence; all day runs 00:00 to 23:59', async () => {
      const created: Appointment = (
        await create(rep, { clientId: randomUUID(), name: 'Beurs', startDate: `${day(3)}T09:00`, endDate: `${day(3)}T10:00` })
      ).json();
      const moved = await patch(rep, created.id, { startDate: `${day(4)}T14:00`, endDate: `${day(4)}T15:30` });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ startDate: `${day(4)}T14:00:00`, endDate: `${day(4)}T15:30:00`, sequence: 1, name: 'Beurs' });
      const allDay = await patch(rep, created.id, { startDate: `${day(4)}T00:00`, endDate: `${day(5)}T00:00`, allDay: true });
      expect(allDay.json()).toMatchObject({ startDate: `${day(4)}T00:00:00`, endDate: `${day(5)}T23:59:00`, allDay: true, sequence: 2 });
      const renamed = await patch(rep, created.id, { name: 'Vakbeurs Kortrijk', remarks: 'stand 12' });
      expect(renamed.json()).toMatchObject({ name: 'Vakbeurs Kortrijk', remarks: 'stand 12', sequence: 3, allDay: true });
    });

    it('refuses an end before the start, and a shop that does not exist, saving nothing', async () => {
      const before = await ctx.rowCounts();
      const reversed = await create(rep, { clientId: randomUUID(), name: 'x', startDate: `${day(2)}T11:00`, endDate: `${day(2)}T10:00` });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ code: 'validation_failed', field: 'body.endDate', rule: 'appointment_end_before_start' });
      const noShop = await create(rep, {
        clientId: randomUUID(),
        shopId: 999999,
        startDate: `${day(2)}T10:00`,
        endDate: `${day(2)}T11:00`,
      });
      expect(noShop.statusCode).toBe(404);
      expect(noShop.json().code).toBe('shop_not_found');
      const created: Appointment = (
        await create(rep, { clientId: randomUUID(), name: 'kort', startDate: `${day(6)}T10:00`, endDate: `${day(6)}T11:00` })
      ).json();
      const late = await patch(rep, created.id, { startDate: `${day(6)}T12:00` });
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('appointment_end_before_start');
      expect((await appointmentsOf(rep, repId)).find((a) => a.id === created.id)).toMatchObject({ startDate: `${day(6)}T10:00:00` });
      const after = await ctx.rowCounts();
      expect(after.appointments).toBe(before.appointments + 1);
    });

    it('lets only the owner change or delete her appointment: a colleague gets 403 and nothing changes', async () => {
      const created: Appointment = (
        await create(rep, { clientId: randomUUID(), name: 'Van Sofie', startDate: `${day(7)}T10:00`, endDate: `${day(7)}T11:00` })
      ).json();
      const move = await patch(colleague, created.id, { startDate: `${day(8)}T10:00`, endDate: `${day(8)}T11:00` });
      expect(move.statusCode).toBe(403);
      expect(move.json().code).toBe('not_own_appointment');
      const gone = await remove(colleague, created.id);
      expect(gone.statusCode).toBe(403);
      expect(gone.json().code).toBe('not_own_appointment');
      // By the device's id the same: refused, not taken as gone already (a delete would otherwise answer 204).
      expect((await patch(colleague, created.clientId!, { name: 'overgenomen' })).statusCode).toBe(403);
      const goneByClientId = await remove(colleague, created.clientId!);
      expect(goneByClientId.statusCode).toBe(403);
      expect(goneByClientId.json().code).toBe('not_own_appointment');
      expect((await appointmentsOf(rep, repId)).find((a) => a.id === created.id)).toMatchObject({
        name: 'Van Sofie',
        startDate: `${day(7)}T10:00:00`,
        sequence: 0,
      });
    });

    it('deletes an own appointment; deleting it again answers 204 too, so an outbox retry is safe', async () => {
      const created: Appointment = (
        await create(rep, { clientId: randomUUID(), name: 'Weg ermee', startDate: `${day(9)}T10:00`, endDate: `${day(9)}T11:00` })
      ).json();
      expect((await remove(rep, created.id)).statusCode).toBe(204);
      expect((await remove(rep, created.id)).statusCode).toBe(204);
      expect((await remove(rep, created.clientId!)).statusCode).toBe(204);
      expect((await appointmentsOf(rep, repId)).some((a) => a.id === created.id)).toBe(false);
      expect((await patch(rep, created.id, { name: 'terug' })).statusCode).toBe(404);
    });

    it('takes an offline create and a later offline move by the device id: it exists once, at its moved time', async () => {
      const clientId = randomUUID();
      const body = { clientId, name: 'Offline gepland', startDate: `${day(10)}T09:30`, endDate: `${day(10)}T10:30` };
      expect((await create(rep, body)).statusCode).toBe(201);
      const moved = await patch(rep, clientId, { startDate: `${day(11)}T13:00`, endDate: `${day(11)}T14:00` });
      expect(moved.statusCode).toBe(200);
      // The create arrives again (its answer was lost): the stored one, unchanged, not a second.
      const again = await create(rep, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ clientId, startDate: `${day(11)}T13:00:00` });
      const found = (await appointmentsOf(rep, repId)).filter((a) => a.clientId === clientId);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ startDate: `${day(11)}T13:00:00`, endDate: `${day(11)}T14:00:00`, sequence: 1 });
    });

    it('stores a create sent twice with the same Idempotency-Key once, and replays the first answer', async () => {
      const key = randomUUID();
      const body = { clientId: randomUUID(), name: 'Met sleutel', startDate: `${day(12)}T10:00`, endDate: `${day(12)}T11:00` };
      const first = await create(rep, body, { 'idempotency-key': key });
      const second = await create(rep, body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().id).toBe(first.json().id);
      expect((await appointmentsOf(rep, repId)).filter((a) => a.name === 'Met sleutel')).toHaveLength(1);
      const move = { startDate: `${day(13)}T10:00`, endDate: `${day(13)}T11:00` };
      const key2 = randomUUID();
      expect((await patch(rep, first.json().id, move, { 'idempotency-key': key2 })).json().sequence).toBe(1);
      const replay = await patch(rep, first.json().id, move, { 'idempotency-key': key2 });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await appointmentsOf(rep, repId)).find((a) => a.id === first.json().id)?.sequence).toBe(1);
    });
  });

  describe('a visit started from its appointment', () => {
    it('links the appointment to the visit in the same write: it shows done', async () => {
      const shop = shops[1];
      const planned: Appointment = (
        await create(rep, { clientId: randomUUID(), shopId: shop.id, startDate: `${today}T08:00`, endDate: `${today}T08:45` })
      ).json();
      const res = await visit(rep, shop.id, { appointmentId: planned.id });
      expect(res.statusCode).toBe(201);
      const done = (await appointmentsOf(rep, repId)).find((a) => a.id === planned.id);
      expect(done).toMatchObject({ prospectionId: res.json().id, sequence: 1 });
    });

    it('links by the device id too (an appointment made offline and visited before it was sent)', async () => {
      const shop = shops[1];
      const clientId = randomUUID();
      await create(rep, { clientId, shopId: shop.id, startDate: `${today}T09:00`, endDate: `${today}T09:30` });
      const res = await visit(rep, shop.id, { appointmentId: clientId });
      expect(res.statusCode).toBe(201);
      expect((await appointmentsOf(rep, repId)).find((a) => a.clientId === clientId)?.prospectionId).toBe(res.json().id);
    });

    it("refuses a colleague's appointment or one at another shop, and saves nothing", async () => {
      const theirs: Appointment = (
        await create(colleague, { clientId: randomUUID(), shopId: shops[2].id, startDate: `${today}T10:00`, endDate: `${today}T11:00` })
      ).json();
      const elsewhere: Appointment = (
        await create(rep, { clientId: randomUUID(), shopId: shops[3].id, startDate: `${today}T10:00`, endDate: `${today}T11:00` })
      ).json();
      const before = await ctx.rowCounts();
      const foreign = await visit(rep, shops[2].id, { appointmentId: theirs.id });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('not_own_appointment');
      const otherShop = await visit(rep, shops[2].id, { appointmentId: elsewhere.id });
      expect(otherShop.statusCode).toBe(400);
      expect(otherShop.json().code).toBe('appointment_other_shop');
      expect(await ctx.rowCounts()).toEqual(before);
      expect((await appointmentsOf(colleague, colleagueId)).find((a) => a.id === theirs.id)?.prospectionId).toBeNull();
    });
  });

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

  describe('the calendar feed', () => {
    const feedPath = (url: string) => new URL(url).pathname;
    const readFeed = (text: string) => {
      const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
      return calendar;
    };

    it('serves the appointments as RFC 5545, read back equal by ical.js, with TZID, VTIMEZONE, all-day and SEQUENCE', async () => {
      const status = await ctx.app.inject({ url: '/api/calendar/subscription', headers: { cookie: rep } });
      expect(status.json()).toEqual({ active: false, createdAt: null });
      const on = await ctx.app.inject({ method: 'POST', url: '/api/calendar/subscription', headers: writeHeaders(rep) });
      expect(on.statusCode).toBe(201);
      const { url } = on.json();
      expect(url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await ctx.app.inject({ url: '/api/calendar/subscription', headers: { cookie: rep } })).json().active).toBe(true);

      const allDay: Appointment = (
        await create(rep, {
          clientId: randomUUID(),
          name: 'Opleiding',
          startDate: `${day(15)}T00:00`,
          endDate: `${day(16)}T00:00`,
          allDay: true,
        })
      ).json();
      const timed: Appointment = (
        await create(rep, { clientId: randomUUID(), shopId: shops[6].id, startDate: `${day(15)}T13:15`, endDate: `${day(15)}T14:00` })
      ).json();
      // Text that needs escaping and folding: commas, semicolons, a backslash, line breaks, accents past 75 octets.
      const longName = 'Café "De Zilveren Ster", Brugge; tweede bezoek – collectie herfst\\winter, één keer per maand';
      const remarks = 'Eerste lijn;\nTweede lijn, met komma\nDerde: ééé ààà ççç ŭŭŭ 🙂 '.repeat(3).trim();
      await create(rep, { clientId: randomUUID(), name: longName, remarks, startDate: `${day(16)}T08:00`, endDate: `${day(16)}T08:30` });
      // Far ahead: outside the feed's window.
      await create(rep, { clientId: randomUUID(), name: 'Te ver', startDate: `${day(400)}T10:00`, endDate: `${day(400)}T11:00` });

      // No cookie: the phone's calendar has only the address.
      const res = await ctx.app.inject({ url: feedPath(url) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['cache-control']).toMatch(/private/);
      // Compressed for a client that accepts it: the same text.
      const zipped = await ctx.app.inject({ url: feedPath(url), headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(res.body);
      expect(zipped.headers.etag).toBe(res.headers.etag);
      const calendar = readFeed(res.body);
      const zone = calendar.getFirstSubcomponent('vtimezone');
      expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Brussels');
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

      // Equal to the calendar's own read within the window (30 days back to a year ahead).
      const expected = (await appointmentsOf(rep, repId)).filter(
        (a) => a.endDate > `${day(-30)}T00:00:00` && a.startDate < `${day(366)}T00:00:00`,
      );
      expect(events).toHaveLength(expected.length);
      expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
      const byStart = (a: { start: string; summary: string }, b: { start: string; summary: string }) =>
        (a.start + a.summary).localeCompare(b.start + b.summary);
      const fromFeed = events
        .map((e) => ({
          start: e.startDate.isDate ? `${e.startDate.toString()}T00:00:00` : e.startDate.toString(),
          summary: e.summary.replace(/^✓ /, ''),
        }))
        .sort(byStart);
      // An all-day appointment (spec §3) is a whole-day event: its date only.
      const fromApi = expected
        .map((a) => ({
          start: a.allDay ? `${a.startDate.slice(0, 10)}T00:00:00` : a.startDate,
          summary: a.name ?? a.remarks ?? 'Geen details',
        }))
        .sort(byStart);
      expect(fromFeed).toEqual(fromApi);
      expect(events.some((e) => e.summary === 'Te ver')).toBe(false);

      const timedEvent = events.find((e) => e.summary === shops[6].name && e.startDate.toString() === `${day(15)}T13:15:00`)!;
      const timedProperty = timedEvent.component.getFirstProperty('dtstart')!;
      expect(timedProperty.getParameter('tzid')).toBe('Europe/Brussels');
      expect(timedEvent.endDate.toString()).toBe(`${day(15)}T14:00:00`);
      expect(timedEvent.location).toBe(shops[6].name);
      expect(timedEvent.sequence).toBe(0);
      const escaped = events.find((e) => e.summary === longName)!;
      expect(escaped.description).toBe(remarks);
      expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      const allDayEvent = events.find((e) => e.summary === 'Opleiding')!;
      expect(allDayEvent.startDate.isDate).toBe(true);
      expect(allDayEvent.startDate.toString()).toBe(day(15));
      expect(allDayEvent.endDate.toString()).toBe(day(17));
      expect(allDay.allDay).toBe(true);

      // A done appointment carries its mark.
      const doneEvents = events.filter((e) => e.summary.startsWith('✓ '));
      expect(doneEvents.length).toBe(expected.filter((a) => a.prospectionId !== null).length);

      // Unchanged: 304 on the ETag. Moved: a new ETag, the same UID, SEQUENCE raised.
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const unchanged = await ctx.app.inject({ url: feedPath(url), headers: { 'if-none-match': etag } });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      await patch(rep, timed.id, { startDate: `${day(15)}T15:00`, endDate: `${day(15)}T16:00` });
      const changed = await ctx.app.inject({ url: feedPath(url), headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      const movedEvent = readFeed(changed.body)
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v))
        .find((e) => e.uid === timedEvent.uid)!;
      expect(movedEvent.startDate.toString()).toBe(`${day(15)}T15:00:00`);
      expect(movedEvent.sequence).toBe(1);

      // Deleted: gone from the feed.
      await remove(rep, timed.id);
      const afterDelete = readFeed((await ctx.app.inject({ url: feedPath(url) })).body).getAllSubcomponents('vevent');
      expect(afterDelete.map((v) => v.getFirstPropertyValue('uid'))).not.toContain(timedEvent.uid);
    });

    it("gives access to that feed only: a colleague's token shows hers, an unknown or revoked one answers 404, and no token reaches a log line", async () => {
      const mineUrl = (await ctx.app.inject({ method: 'POST', url: '/api/calendar/subscription', headers: writeHeaders(rep) })).json().url;
      const theirsUrl = (
        await ctx.app.inject({ method: 'POST', url: '/api/calendar/subscription', headers: writeHeaders(colleague) })
      ).json().url;
      await create(colleague, { clientId: randomUUID(), name: 'Alleen van Jan', startDate: `${day(2)}T10:00`, endDate: `${day(2)}T11:00` });
      const theirs = (await ctx.app.inject({ url: feedPath(theirsUrl) })).body;
      const mine = (await ctx.app.inject({ url: feedPath(mineUrl) })).body;
      expect(theirs).toContain('Alleen van Jan');
      expect(mine).not.toContain('Alleen van Jan');
      const colleagueUids = new Set((await appointmentsOf(colleague, colleagueId)).map((a) => a.id));
      expect(colleagueUids.size).toBeGreaterThan(0);

      const unknown = await ctx.app.inject({ url: `/api/calendar/feed/${'A'.repeat(43)}.ics` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('feed_not_found');
      expect((await ctx.app.inject({ url: '/api/calendar/feed/kort.ics' })).statusCode).toBe(404);
      // A feed address mistyped (no .ics, a path below it) matches no route: its token is not logged either.
      const tokenOf = (u: string) =>
        feedPath(u)
          .split('/')
          .pop()!
          .replace(/\.ics$/, '');
      expect((await ctx.app.inject({ url: `/api/calendar/feed/${tokenOf(mineUrl)}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `/api/calendar/feed/${tokenOf(theirsUrl)}.ics/extra` })).statusCode).toBe(404);

      // Renewed: the previous address answers 404, the new one works.
      const renewed = (await ctx.app.inject({ method: 'POST', url: '/api/calendar/subscription', headers: writeHeaders(rep) })).json().url;
      expect(renewed).not.toBe(mineUrl);
      expect((await ctx.app.inject({ url: feedPath(mineUrl) })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: feedPath(renewed) })).statusCode).toBe(200);
      // Revoked: 404.
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/calendar/subscription', headers: writeHeaders(rep) })).statusCode).toBe(
        204,
      );
      expect((await ctx.app.inject({ url: feedPath(renewed) })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/api/calendar/subscription', headers: { cookie: rep } })).json().active).toBe(false);
      // The database keeps only a hash of the token.
      const stored = await queryRows<{ token_hash: string }>(ctx.database, sql`select token_hash from calendar_feeds`);
      const token = (u: string) =>
        feedPath(u)
          .split('/')
          .pop()!
          .replace(/\.ics$/, '');
      for (const row of stored) expect(row.token_hash).not.toContain(token(theirsUrl));

      const logged = ctx.logLines.join('\n');
      expect(logged).toContain('/api/calendar/feed/:token.ics');
      for (const u of [mineUrl, theirsUrl, renewed]) expect(logged).not.toContain(token(u));
      expect(logged).not.toContain('kort.ics');
    });
  });

  describe('the .ics import', () => {
    const y = Number(day(20).slice(0, 4));
    const compact = (date: string) => date.replaceAll('-', '');
    const d20 = compact(day(20));
    const d21 = compact(day(21));
    const d22 = compact(day(22));
    const d23 = compact(day(23));
    const calendar = (events: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
        'BEGIN:VTIMEZONE',
        'TZID:Pacific Standard Time',
        'BEGIN:STANDARD',
        `DTSTART:16011104T020000`,
        'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
        'TZOFFSETFROM:-0700',
        'TZOFFSETTO:-0800',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:16010311T020000',
        'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
        'TZOFFSETFROM:-0800',
        'TZOFFSETTO:-0700',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        events,
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const event = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');
    const file = calendar(
      [
        event(['UID:utc-1@outlook', `DTSTAMP:${d20}T000000Z`, `DTSTART:${d20}T090000Z`, `DTEND:${d20}T100000Z`, 'SUMMARY:In UTC']),
        event([
          'UID:pacific-1@outlook',
          `DTSTAMP:${d20}T000000Z`,
          `DTSTART;TZID=Pacific Standard Time:${d21}T080000`,
          `DTEND;TZID=Pacific Standard Time:${d21}T090000`,
          'SUMMARY:Uit Californië',
          'LOCATION:San Francisco',
        ]),
        event([
          'UID:ny-1@google',
          `DTSTAMP:${d20}T000000Z`,
          `DTSTART;TZID=America/New_York:${d22}T120000`,
          `DTEND;TZID=America/New_York:${d22}T130000`,
          'SUMMARY:Uit New York',
        ]),
        event([
          'UID:weekly-1@outlook',
          `DTSTAMP:${d20}T000000Z`,
          `DTSTART;TZID=Pacific Standard Time:${d20}T060000`,
          `DTEND;TZID=Pacific Standard Time:${d20}T063000`,
          'RRULE:FREQ=WEEKLY;COUNT=4',
          'SUMMARY:Wekelijks overleg',
        ]),
        event([
          'UID:weekly-1@outlook',
          `DTSTAMP:${d20}T000000Z`,
          `RECURRENCE-ID;TZID=Pacific Standard Time:${compact(addDays(day(20), 7))}T060000`,
          `DTSTART;TZID=Pacific Standard Time:${compact(addDays(day(20), 8))}T070000`,
          `DTEND;TZID=Pacific Standard Time:${compact(addDays(day(20), 8))}T073000`,
          'SUMMARY:Wekelijks overleg (verplaatst)',
        ]),
        event([
          'UID:daily-1@outlook',
          `DTSTAMP:${d20}T000000Z`,
          `DTSTART:${d20}T150000Z`,
          `DTEND:${d20}T153000Z`,
          'RRULE:FREQ=DAILY;COUNT=3',
          `EXDATE:${compact(addDays(day(20), 1))}T150000Z`,
          'SUMMARY:Dagelijks behalve morgen',
        ]),
        event(['UID:allday-1@outlook', `DTSTAMP:${d20}T000000Z`, `DTSTART;VALUE=DATE:${d22}`, `DTEND;VALUE=DATE:${d23}`, 'SUMMARY:Verlof']),
        event(['UID:old-1@outlook', `DTSTAMP:${d20}T000000Z`, `DTSTART:${y - 3}0101T090000Z`, `DTEND:${y - 3}0101T100000Z`, 'SUMMARY:Oud']),
      ].join('\r\n'),
    );
    const importFile = (cookie: string, text: string, contentType = 'text/calendar') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/appointments/import',
        headers: writeHeaders(cookie, { 'content-type': contentType }),
        payload: text,
      });
    /** Brussels wall-clock time of a UTC instant. */
    const brussels = (iso: string) => brusselsNow(new Date(iso));

    it('imports once: times converted to Brussels, a recurring event expanded with its moved occurrence, all-day kept', async () => {
      const first = await importFile(rep, file);
      expect(first.statusCode).toBe(200);
      // 1 UTC + 1 Pacific + 1 New York + 4 weekly (one moved) + 2 daily (one excluded) + 1 all-day; the one three
      // years ago is outside the window.
      expect(first.json()).toEqual({ added: 10, updated: 0, unchanged: 0 });
      const again = await importFile(rep, file);
      expect(again.json()).toEqual({ added: 0, updated: 0, unchanged: 10 });

      const list = await appointmentsOf(rep, repId);
      const named = (name: string) => list.filter((a) => a.name === name);
      expect(named('In UTC')).toMatchObject([{ startDate: brussels(`${day(20)}T09:00:00Z`), endDate: brussels(`${day(20)}T10:00:00Z`) }]);
      // Pacific time is UTC-8 in winter and UTC-7 in summer, whatever the day: compare with the JS zone database.
      const pacific = (wall: string) => {
        const asUtc = new Date(`${wall}Z`);
        const offset = (zone: string) => {
          const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(asUtc);
          const m = /GMT([+-]\d{2}):(\d{2})/.exec(parts);
          return m ? Number(m[1]) * 60 + Math.sign(Number(m[1])) * Number(m[2]) : 0;
        };
        return brussels(new Date(asUtc.getTime() - offset('America/Los_Angeles') * 60_000).toISOString());
      };
      expect(named('Uit Californië')).toMatchObject([{ startDate: pacific(`${day(21)}T08:00:00`), remarks: 'San Francisco' }]);
      const ny = named('Uit New York')[0];
      const nyUtc = new Date(`${day(22)}T12:00:00Z`);
      const nyOffset = /GMT([+-]\d{1,2})/.exec(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'shortOffset' }).format(nyUtc),
      )!;
      expect(ny.startDate).toBe(brussels(new Date(nyUtc.getTime() - Number(nyOffset[1]) * 3_600_000).toISOString()));
      const weekly = named('Wekelijks overleg').map((a) => a.startDate);
      expect(weekly).toHaveLength(3);
      expect(weekly).toEqual([0, 14, 21].map((d) => pacific(`${addDays(day(20), d)}T06:00:00`)));
      expect(named('Wekelijks overleg (verplaatst)')).toMatchObject([{ startDate: pacific(`${addDays(day(20), 8)}T07:00:00`) }]);
      expect(named('Dagelijks behalve morgen').map((a) => a.startDate)).toEqual(
        [0, 2].map((d) => brussels(`${addDays(day(20), d)}T15:00:00Z`)),
      );
      expect(named('Verlof')).toMatchObject([{ startDate: `${day(22)}T00:00:00`, endDate: `${day(22)}T23:59:00`, allDay: true }]);
      expect(named('Oud')).toHaveLength(0);
    });

    it('updates an event changed in the file, and leaves the rest alone', async () => {
      const changed = file.replace('SUMMARY:In UTC', 'SUMMARY:In UTC (gewijzigd)');
      expect((await importFile(rep, changed)).json()).toEqual({ added: 0, updated: 1, unchanged: 9 });
      const list = await appointmentsOf(rep, repId);
      expect(list.filter((a) => a.name === 'In UTC (gewijzigd)')).toMatchObject([{ sequence: 1 }]);
      expect(list.filter((a) => a.name === 'In UTC')).toHaveLength(0);
    });

    it('imports a file that begins with a byte-order mark like the same file without it', async () => {
      const withBom = file.replace('In UTC', 'Met BOM').replaceAll('@outlook', '@bom').replaceAll('@google', '@bom');
      const res = await importFile(rep, `\uFEFF${withBom}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ added: 10, updated: 0, unchanged: 0 });
    });

    it('refuses a broken file with invalid_ics and changes nothing', async () => {
      const before = await ctx.rowCounts();
      for (const broken of [
        'dit is geen agenda',
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:20261201T090000Z\r\nSUMMARY:Zonder UID\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        file.replace(`DTSTART:${d20}T090000Z`, 'DTSTART:geen-datum'),
      ]) {
        const res = await importFile(rep, broken);
        expect(res.statusCode, broken.slice(0, 30)).toBe(400);
        expect(res.json().code).toBe('invalid_ics');
      }
      expect((await importFile(rep, JSON.stringify({ ics: file }), 'application/json')).statusCode).toBe(400);
      // A rule that never ends within the window in reasonable numbers: refused whole, not cut off.
      const flood = await importFile(
        rep,
        calendar(event(['UID:flood@x', `DTSTAMP:${d20}T000000Z`, `DTSTART:${d20}T090000Z`, `DTEND:${d20}T090001Z`, 'RRULE:FREQ=MINUTELY'])),
      );
      expect(flood.statusCode).toBe(400);
      expect(flood.json().code).toBe('ics_too_many_events');
      // Over 2 MB: refused before it is read.
      const huge = await importFile(rep, file.replace('SUMMARY:In UTC', `SUMMARY:${'x'.repeat(2 * 1024 * 1024)}`));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe('body_too_large');
      expect(await ctx.rowCounts()).toEqual(before);
    });
  });
});
