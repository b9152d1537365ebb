// The personal calendar feed (decision 028): a subscription address with a long random token the rep's phone polls
// (Outlook, Google, Apple), serving her appointments as RFC 5545 text. Only the token's SHA-256 is stored; the
// token itself exists in the reply that switches the feed on, and in the phone.
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { CalendarSubscription } from '@prospectie/contract';
import { isAllDay } from '@prospectie/contract/dates';
import type { Db } from '../db/client.js';
import { appointments, calendarFeeds, shops } from '../db/schema.js';
import { texts } from '../texts.js';
import { addDays, brusselsNow } from './appointments.js';
import { matchesIfNoneMatch } from '../plugins/ifNoneMatch.js';
import { resultRows } from '../db/rows.js';

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

/** Europe/Brussels as a VTIMEZONE (its DST rules), as @touch4it/ical-timezones writes it, with CRLF line ends. */
const BRUSSELS_VTIMEZONE = (() => {
  const text = getVtimezoneComponent(FEED_TIMEZONE);
  if (!text) throw new Error(`no VTIMEZONE for ${FEED_TIMEZONE}`);
  return text.trim().split(/\r?\n/).join('\r\n');
})();

/** RFC 5545 §3.3.11: a TEXT value with backslash, semicolon, comma and line breaks escaped. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** RFC 5545 §3.1: a content line folded after 75 octets (CRLF and a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // a continuation line starts with a space
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** YYYY-MM-DDTHH:mm:ss → YYYYMMDDTHHmmss; YYYY-MM-DD → YYYYMMDD. */
const icalDateTime = (wallClock: string) => wallClock.replace(/[-:]/g, '').slice(0, 15);
/** An ISO instant (…Z) as a UTC DATE-TIME. */
const icalUtc = (iso: string) => `${icalDateTime(iso.slice(0, 19))}Z`;

/**
 * The feed's calendar as RFC 5545 text. Written line by line: the values are few and simple (escaped TEXT, dates,
 * integers), and building ical.js components for 2,000 events took a second; the tests read the result back
 * with ical.js (decision 025).
 */
export function renderFeed(rows: FeedRow[], publicUrl: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Prospectie//Agenda//NL',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(texts.calendarFeed.name)}`,
    `X-WR-TIMEZONE:${FEED_TIMEZONE}`,
    // Hints for how often to poll (Apple and Outlook read these; Google polls at its own pace).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    BRUSSELS_VTIMEZONE,
  ];
  for (const row of rows) {
    if (row.uid === null || row.start_date === null || row.end_date === null) continue;
    const stamp = icalUtc(row.updated_at ?? '1970-01-01T00:00:00Z');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(row.uid)}@prospectie`,
      `SEQUENCE:${row.sequence ?? 0}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
    );
    if (isAllDay(row.start_date, row.end_date)) {
      // All-day (spec §3): whole days, DTEND the day after the last (exclusive).
      lines.push(
        `DTSTART;VALUE=DATE:${icalDateTime(row.start_date.slice(0, 10))}`,
        `DTEND;VALUE=DATE:${icalDateTime(addDays(row.end_date, 1))}`,
        'TRANSP:TRANSPARENT',
      );
    } else {
      lines.push(
        `DTSTART;TZID=${FEED_TIMEZONE}:${icalDateTime(row.start_date)}`,
        `DTEND;TZID=${FEED_TIMEZONE}:${icalDateTime(row.end_date)}`,
      );
    }
    const title = row.name?.trim() || row.remarks?.trim() || texts.calendarFeed.noDetails;
    lines.push(foldLine(`SUMMARY:${escapeText(row.prospection_id !== null ? `${texts.calendarFeed.doneMark} ${title}` : title)}`));
    const description = [row.remarks?.trim(), row.prospection_id !== null ? texts.calendarFeed.visitRecorded : null]
      .filter(Boolean)
      .join('\n');
    if (description) lines.push(foldLine(`DESCRIPTION:${escapeText(description)}`));
    if (row.shop_name) lines.push(foldLine(`LOCATION:${escapeText(row.shop_name)}`));
    if (row.shop_id !== null) lines.push(`URL;VALUE=URI:${publicUrl}/shop/${row.shop_id}`);
    lines.push('STATUS:CONFIRMED', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

export interface FeedBody {
  text: string;
  /** Compressed once per version, when a client first asks for that encoding. */
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

export interface FeedAnswer {
  etag: string;
  /** Null when the caller's If-None-Match holds this ETag already (304). */
  body: FeedBody | null;
}

/** What the feed's text depends on besides the rows: raised when renderFeed writes differently. */
const FEED_FORMAT = 'v1';
/** Rendered feeds kept, the most recently used (a full feed of 2,000 events is about 600 KB). */
const CACHED_FEEDS = 16;

/**
 * The feed of a token, or null when no subscription has it (unknown or revoked: 404).
 *
 * A poll costs one small query: the subscription's version, an MD5 that PostgreSQL computes over the id, the last
 * change (`updated_at`, raised by every write of an appointment) and the shop's name of every appointment in the
 * window, so an edit, a move, a deletion, a new appointment and the window moving on all change it. An unchanged
 * version answers 304 without reading the appointments; a changed one is rendered once and kept, so clients that
 * never send If-None-Match (some calendar servers) get the same bytes without the work.
 */
export function prepareFeed(db: Db, publicUrl: string) {
  const cache = new Map<string, FeedBody>();
  // Every poll asks this: prepared once (decision 021).
  const versionOf = db
    .select({
      employeeId: calendarFeeds.employeeId,
      version: sql<string>`md5(coalesce(string_agg(${appointments.id}::text || '/' || ${appointments.updatedAt}::text || '/' || coalesce(${shops.name}, ''), ',' order by ${appointments.id}), ''))`,
    })
    .from(calendarFeeds)
    .leftJoin(
      appointments,
      and(
        eq(appointments.employeeId, calendarFeeds.employeeId),
        lt(appointments.startDate, sql`${sql.placeholder('to')}::timestamp`),
        gt(appointments.endDate, sql`${sql.placeholder('from')}::timestamp`),
      ),
    )
    .leftJoin(shops, eq(shops.id, appointments.shopId))
    .where(eq(calendarFeeds.tokenHash, sql.placeholder('hash')))
    .groupBy(calendarFeeds.employeeId)
    .prepare('calendar_feed_version');
  return async (token: string, ifNoneMatch: string | undefined, now = new Date()): Promise<FeedAnswer | null> => {
    const today = brusselsNow(now).slice(0, 10);
    const from = `${addDays(today, -FEED_DAYS_BACK)}T00:00:00`;
    const to = `${addDays(today, FEED_DAYS_AHEAD)}T00:00:00`;
    const inWindow = sql`a.employee_id = f.employee_id and a.start_date < ${to}::timestamp and a.end_date > ${from}::timestamp`;
    const [found] = await versionOf.execute({ hash: hashFeedToken(token), from, to });
    if (!found) return null;
    const etag = `"${FEED_FORMAT}-${found.version}"`;
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { etag, body: null };
    const key = `${found.employeeId}:${etag}`;
    let body = cache.get(key);
    if (body) {
      cache.delete(key);
    } else {
      const result = await db.execute(sql`
        select a.uid, a.sequence, a.name, a.remarks, a.shop_id, s.name as shop_name, a.prospection_id,
          to_char(a.start_date, 'YYYY-MM-DD"T"HH24:MI:SS') as start_date, to_char(a.end_date, 'YYYY-MM-DD"T"HH24:MI:SS') as end_date,
          to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
        from calendar_feeds f
        join appointments a on ${inWindow}
        left join shops s on s.id = a.shop_id
        where f.employee_id = ${found.employeeId}::int
        order by a.start_date, a.id`);
      body = { text: renderFeed(resultRows<FeedRow>(result), publicUrl) };
      // One rendered feed per employee: an older version of hers goes.
      for (const old of cache.keys()) if (old.startsWith(`${found.employeeId}:`)) cache.delete(old);
    }
    cache.set(key, body);
    while (cache.size > CACHED_FEEDS) cache.delete(cache.keys().next().value!);
    return { etag, body };
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The feed's bytes in an encoding the client accepts, compressed once per version (a rejected attempt is retried). */
export function encodedFeed(body: FeedBody, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const make = () =>
    encoding === 'br' ? brotliAsync(body.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(body.text, { level: 6 });
  const pending = (body[encoding] ??= make());
  return pending.catch((err: unknown) => {
    body[encoding] = undefined;
    throw err;
  });
}
