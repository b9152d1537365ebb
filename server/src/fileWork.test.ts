// What a security review found besides the file attacks themselves (the fault suite sends those to a real server):
// a deactivated rep's calendar feed, the feed's token in the log under other spellings, a per-person limit on the heavy
// calls, an over-long body's 413 that the client can read, and an .ics file whose events all fall outside the window.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ICS_MAX_BYTES } from '@prospectie/contract';
import { loggablePath } from './ops/logging.js';
import { calendarOf, veventOf } from './test/fileFixtures.js';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from './test/harness.js';

const icsHeaders = (cookie: string) => writeHeaders(cookie, { 'content-type': 'text/calendar' });

describe.each(dbKinds)('file work and heavy calls on %s', (kind) => {
  let ctx: TestContext;
  let rep: string;
  let admin: string;
  let colleague: string;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { config: { heavyCallsPerMinute: 3 } });
    rep = await ctx.signIn('demo@example.com');
    admin = await ctx.signIn('beheer@example.com');
    colleague = await ctx.signIn('manager@example.com');
  }, 120_000);
  afterAll(async () => ctx?.close());

  const importIcs = (cookie: string, text: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/appointments/import', headers: icsHeaders(cookie), payload: text });

  it('tells the rep how many events were passed over when none of a file falls in the window', async () => {
    const old = calendarOf([
      veventOf(['UID:oud-1', 'DTSTART:20190101T090000Z', 'DTEND:20190101T100000Z', 'SUMMARY:Oud']),
      veventOf(['UID:oud-2', 'DTSTART:20150301T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=10']),
      veventOf(['UID:oud-3', 'DTSTART:20200101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30']),
    ]);
    const res = await importIcs(colleague, old);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 0, updated: 0, unchanged: 0, skipped: 3 });
  });

  it('limits the heavy calls per person: the next one answers 429 with Retry-After and does nothing; others go on', async () => {
    const [{ n: before }] = await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from appointments`);
    const one = (i: number) =>
      calendarOf([veventOf([`UID:limit-${i}`, 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z', `SUMMARY:Afspraak ${i}`])]);
    for (let i = 0; i < 3; i++) expect((await importIcs(rep, one(i))).statusCode).toBe(200);
    const refused = await importIcs(rep, one(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n: after }] = await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from appointments`);
    expect(after).toBe(before + 3);
    // Per person: the beheerder's own calls are counted apart.
    expect((await importIcs(admin, one(4))).statusCode).not.toBe(429);
  });

  it("ends a deactivated rep's calendar feed, and reactivating her does not bring its address back", async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/calendar/subscription', headers: writeHeaders(colleague) });
    expect(created.statusCode).toBe(201);
    const feedPath = new URL(created.json().url).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    const [{ id }] = await queryRows<{ id: number }>(ctx.database, sql`select id from users where login = 'manager@example.com'`);
    const patch = (active: boolean) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/people/${id}`, headers: writeHeaders(admin), payload: { active } });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect((await patch(true)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
  });

  it('logs the feed by its route pattern however its path is spelled, never its token', async () => {
    const token = 'A'.repeat(43);
    for (const path of [`/api/calendar/feed/${token}.ics`, `/%61pi/calendar/feed/${token}.ics`, `/api/calendar/%66eed/${token}.ics`]) {
      ctx.logLines.length = 0;
      await ctx.app.inject({ method: 'GET', url: path });
      const logged = ctx.logLines.join('\n');
      expect(logged, path).not.toContain(token);
    }
    expect(loggablePath(`/api/calendar/%66eed/${token}.ics`, '/api/calendar/feed/:token.ics')).toBe('/api/calendar/feed/:token.ics');
    expect(loggablePath(`/%61pi/calendar/feed/${token}.ics`, undefined)).toBe('/api/calendar/feed/(token)');
  });

  it('answers a body over the limit with a 413 the client reads, not a broken pipe', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/api/appointments/import`, {
      method: 'POST',
      headers: icsHeaders(admin),
      body: 'x'.repeat(ICS_MAX_BYTES + 4 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('body_too_large');
  });
});
