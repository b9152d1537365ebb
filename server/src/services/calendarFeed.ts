// The personal calendar feed (issue 23): a subscription address with a long random token the rep's phone polls
// (Outlook, Google, Apple), serving her appointments as RFC 5545 text. Only the token's SHA-256 is stored; the
// token itself exists in the reply that switches the feed on, and in the phone.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import type { CalendarSubscription } from '@prospectie/contract';
import type { Db } from '../db/client.js';
import { calendarFeeds } from '../db/schema.js';
import { texts } from '../texts.js';
import { isAllDay } from './appointmentRows.js';
import { addDays, brusselsNow } from './appointments.js';

export const FEED_TIMEZONE = 'Europe/Brussels';
/** The feed's window: from this many days back… */
export const FEED_DAYS_BACK = 30;
/** …to this many days ahead. */
export const FEED_DAYS_AHEAD = 366;
/** Bytes of randomness in a token (base64url: 43 characters). */
const TOKEN_BYTES = 32;
/** What the feed's path looks like, for the log (the token never reaches a log line). */
export const FEED_PATH_PREFIX = '/api/calendar/feed/';

export const hashFeedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token as the feed's URL carries it: base64url of 32 random bytes. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}${FEED_PATH_PREFIX}${token}.ics`;

export async function subscriptionStatus(db: Db, employeeId: number): Promise<CalendarSubscription> {
  const [row] = await db
    .select({ createdAt: sql<string>`to_char(${calendarFeeds.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.employeeId, employeeId));
  return { active: !!row, createdAt: row?.createdAt ?? null };
}

/** Switches the feed on, or renews it: a new token, and the previous one answers 404 from now on. */
export async function startSubscription(db: Db, employeeId: number): Promise<{ token: string; createdAt: string }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const tokenHash = hashFeedToken(token);
  await db
    .insert(calendarFeeds)
    .values({ employeeId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.employeeId, set: { tokenHash, createdAt: sql`now()` } });
  const status = await subscriptionStatus(db, employeeId);
  return { token, createdAt: status.createdAt! };
}

export async function revokeSubscription(db: Db, employeeId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.employeeId, employeeId));
}

interface FeedRow {
  uid: string | null;
  sequence: number | null;
  name: string | null;
  remarks: string | null;
  start_date: string | null;
  end_date: string | null;
  updated_at: string | null;
  shop_id: number | null;
  shop_name: string | null;
  prospection_id: number | null;
}

/** Europe/Brussels as a VTIMEZONE (DST rules), made once. */
const brusselsZone = (() => {
  const text = getVtimezoneComponent(FEED_TIMEZONE);
  if (!text) throw new Error(`no VTIMEZONE for ${FEED_TIMEZONE}`);
  const component = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}\r\nEND:VCALENDAR`) as unknown[]).getFirstSubcomponent(
    'vtimezone',
  )!;
  return { component, timezone: new ICAL.Timezone(component) };
})();

/** YYYY-MM-DDTHH:mm:ss in Brussels as an ICAL.Time in that zone. */
function zonedTime(wallClock: string) {
  const time = ICAL.Time.fromDateTimeString(wallClock);
  time.zone = brusselsZone.timezone;
  return time;
}

const dateOnly = (date: string) => ICAL.Time.fromDateString(date);

/** The feed's calendar as RFC 5545 text. */
export function renderFeed(rows: FeedRow[], publicUrl: string): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Prospectie//Agenda//NL');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  calendar.updatePropertyWithValue('x-wr-calname', texts.calendarFeed.name);
  calendar.updatePropertyWithValue('x-wr-timezone', FEED_TIMEZONE);
  // Hints for how often to poll (Apple and Outlook read these; Google polls at its own pace).
  calendar.updatePropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT1H')).setParameter('value', 'DURATION');
  calendar.updatePropertyWithValue('x-published-ttl', 'PT1H');
  calendar.addSubcomponent(brusselsZone.component);
  for (const row of rows) {
    if (row.uid === null || row.start_date === null || row.end_date === null) continue;
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', `${row.uid}@prospectie`);
    event.updatePropertyWithValue('sequence', row.sequence ?? 0);
    const stamp = ICAL.Time.fromJSDate(new Date(row.updated_at ?? 0), true);
    event.updatePropertyWithValue('dtstamp', stamp);
    event.updatePropertyWithValue('last-modified', stamp);
    if (isAllDay(row.start_date, row.end_date)) {
      // All-day (spec §3): whole days, DTEND the day after the last (exclusive).
      event.updatePropertyWithValue('dtstart', dateOnly(row.start_date.slice(0, 10)));
      event.updatePropertyWithValue('dtend', dateOnly(addDays(row.end_date, 1)));
      event.updatePropertyWithValue('transp', 'TRANSPARENT');
    } else {
      event.updatePropertyWithValue('dtstart', zonedTime(row.start_date)).setParameter('tzid', FEED_TIMEZONE);
      event.updatePropertyWithValue('dtend', zonedTime(row.end_date)).setParameter('tzid', FEED_TIMEZONE);
    }
    const title = row.name?.trim() || row.remarks?.trim() || texts.calendarFeed.noDetails;
    event.updatePropertyWithValue('summary', row.prospection_id !== null ? `${texts.calendarFeed.doneMark} ${title}` : title);
    const description = [row.remarks?.trim(), row.prospection_id !== null ? texts.calendarFeed.visitRecorded : null]
      .filter(Boolean)
      .join('\n');
    if (description) event.updatePropertyWithValue('description', description);
    if (row.shop_name) event.updatePropertyWithValue('location', row.shop_name);
    if (row.shop_id !== null) event.updatePropertyWithValue('url', `${publicUrl}/shop/${row.shop_id}`);
    event.updatePropertyWithValue('status', 'CONFIRMED');
    calendar.addSubcomponent(event);
  }
  return calendar.toString() + '\r\n';
}

export interface FeedAnswer {
  etag: string;
  /** Null when the caller's If-None-Match holds this ETag already (304). */
  body: string | null;
}

/**
 * The feed of a token, or null when no subscription has it (unknown or revoked: 404). The ETag is the SHA-256 of
 * the rows the feed is made from, so a poll of an unchanged calendar costs one query and no rendering.
 */
export function prepareFeed(db: Db, publicUrl: string) {
  return async (token: string, ifNoneMatch: string | undefined, now = new Date()): Promise<FeedAnswer | null> => {
    const today = brusselsNow(now).slice(0, 10);
    const from = `${addDays(today, -FEED_DAYS_BACK)}T00:00:00`;
    const to = `${addDays(today, FEED_DAYS_AHEAD)}T00:00:00`;
    const result = await db.execute(sql`
      select a.uid, a.sequence, a.name, a.remarks, a.shop_id, s.name as shop_name, a.prospection_id,
        to_char(a.start_date, 'YYYY-MM-DD"T"HH24:MI:SS') as start_date, to_char(a.end_date, 'YYYY-MM-DD"T"HH24:MI:SS') as end_date,
        to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
      from calendar_feeds f
      left join appointments a on a.employee_id = f.employee_id and a.start_date < ${to}::timestamp and a.end_date > ${from}::timestamp
      left join shops s on s.id = a.shop_id
      where f.token_hash = ${hashFeedToken(token)}
      order by a.start_date, a.id`);
    const rows = (result as unknown as { rows: FeedRow[] }).rows;
    if (rows.length === 0) return null;
    const events = rows[0].uid === null ? [] : rows;
    const etag = `"${createHash('sha256').update(publicUrl).update(JSON.stringify(events)).digest('base64url')}"`;
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return { etag, body: null };
    return { etag, body: renderFeed(events, publicUrl) };
  };
}
