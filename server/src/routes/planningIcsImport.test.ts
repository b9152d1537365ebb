// Planning: the .ics import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, brusselsNow } from '../services/appointments.js';
import { dbKinds, writeHeaders, type TestContext } from '../test/harness.js';
import { day, planningCalls, planningFixture } from '../test/planningFixture.js';

describe.each(dbKinds)('planning on %s', (kind) => {
  let ctx: TestContext;
  let rep: string; // demo@example.com: Sofie Janssens
  let repId: number;

  beforeAll(async () => {
    ({ ctx, rep, repId } = await planningFixture(kind));
  }, 120_000);
  afterAll(async () => ctx?.close());

  const { appointmentsOf } = planningCalls(() => ctx);

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
