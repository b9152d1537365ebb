// Planning (decision 028): appointments of our own and their owner rule, the offline sequence and retries, the visit
// that makes an appointment done, and the calendar feed read back by a real iCalendar parser (after them, so it holds
// their appointments, done ones too). Vandaag, Te bezoeken and a shop's plan: planningToday.test.ts; the .ics import:
// planningIcsImport.test.ts.
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointment, type Appointment } from '@prospectie/contract';
import { z } from 'zod';
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

  const { create, patch, remove, appointmentsOf, visit } = planningCalls(() => ctx);

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

    it('answers a calendar read as its schema says, each read asked at once for its own employee and viewer', async () => {
      // The reads are written by the database (decision 091): every field as the appointment's own answer has it,
      // nothing else, `allDay` by the spec's rule and `mine` for whoever asks, also when reads go to it together.
      // Days past the demo calendars (two months around the seed's date), which would otherwise fall in the range.
      const at = (d: number, start: string, end: string) => ({ startDate: `${day(d)}T${start}`, endDate: `${day(d)}T${end}` });
      const made: Appointment[] = [];
      for (const [body, who] of [
        [{ name: 'Heel de dag', ...at(100, '09:30', '18:00') }, rep],
        [{ name: 'Tot de late namiddag', ...at(100, '10:00', '18:30'), remarks: 'met stalen' }, rep],
        [{ shopId: shops[2].id, ...at(101, '08:00', '19:00') }, rep],
        [{ name: 'Van Jan', ...at(100, '11:00', '12:00') }, colleague],
      ] as const) {
        const res = await create(who, { clientId: randomUUID(), ...body });
        expect(res.statusCode).toBe(201);
        made.push(res.json());
      }
      expect(made.map((a) => a.allDay)).toEqual([true, false, true, false]);
      const read = (cookie: string, employeeId: number, from = day(100), to = day(102)) =>
        ctx.app.inject({ url: `/api/employees/${employeeId}/appointments?from=${from}&to=${to}`, headers: { cookie } });
      const [own, repSeenByJan, jansOwn, nobody, empty] = await Promise.all([
        read(rep, repId),
        read(colleague, repId),
        read(colleague, colleagueId),
        read(rep, 987654),
        read(rep, repId, day(400), day(401)),
      ]);
      const strictList = z.array(appointment.strict());
      expect(strictList.parse(own.json())).toEqual(made.slice(0, 3));
      expect(strictList.parse(repSeenByJan.json())).toEqual(made.slice(0, 3).map((a) => ({ ...a, mine: false })));
      expect(strictList.parse(jansOwn.json())).toEqual([made[3]]);
      expect(own.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json()).toMatchObject({ code: 'employee_not_found' });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
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
});
