// Bringing existing appointments in (issue 23): an .ics file exported from Outlook (or Google, Apple) read with
// ical.js; times in UTC or another TZID become Brussels wall-clock times, recurring events are expanded within the
// feed's window, and every occurrence is keyed by its UID and occurrence, so the same file twice changes nothing.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { CONTROL_CHARACTER, type IcsImportResult } from '@prospectie/contract';
import type { Db } from '../db/client.js';
import { appointments } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { addDays, brusselsNow } from './appointments.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from './calendarFeed.js';

/** At most this many appointments from one file (after expanding recurrences). */
export const ICS_MAX_EVENTS = 5000;
/** A recurrence is followed at most this many steps (a FREQ=SECONDLY rule ends here, not in a hang). */
const MAX_RECURRENCE_STEPS = 20000;

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

export interface ImportedAppointment {
  importKey: string;
  name: string | null;
  remarks: string | null;
  startDate: string;
  endDate: string;
}

const invalid = (why: string) => new DomainError('invalid_ics', `not a readable iCalendar file: ${why}`, 'body');

/** Text as we store it: no control characters, at most `max` characters, null when empty. */
const cleanText = (value: unknown, max: number) => {
  if (typeof value !== 'string') return null;
  const text = value.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), ' ').trim();
  return text === '' ? null : text.slice(0, max);
};

const zonesByName = new Map<string, InstanceType<typeof ICAL.Timezone> | null>();
/** A zone an event names without the file defining it: an IANA name we know, else null (read as Brussels time). */
function knownZone(tzid: string) {
  if (!zonesByName.has(tzid)) {
    const text = getVtimezoneComponent(tzid);
    zonesByName.set(
      tzid,
      text
        ? new ICAL.Timezone(
            new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}\r\nEND:VCALENDAR`) as unknown[]).getFirstSubcomponent('vtimezone')!,
          )
        : null,
    );
  }
  return zonesByName.get(tzid) ?? null;
}

const isFloating = (time: Time) => !time.zone || time.zone === ICAL.Timezone.localTimezone || time.zone.tzid === 'floating';
const wall = (time: Time) => time.toString().slice(0, 19);

/**
 * The Brussels wall-clock time of a date-time: UTC and zoned times converted, a floating time (no zone) taken as
 * Brussels time. `tzid` is the property's TZID, for a zone the file names but does not define.
 */
function toBrussels(time: Time, tzid: string | null): string {
  if (time.zone === ICAL.Timezone.utcTimezone) return brusselsNow(new Date(time.toUnixTime() * 1000));
  if (!isFloating(time)) return brusselsNow(new Date(time.toUnixTime() * 1000));
  const zone = tzid ? knownZone(tzid) : null;
  if (zone) {
    const zoned = time.clone();
    zoned.zone = zone;
    return brusselsNow(new Date(zoned.toUnixTime() * 1000));
  }
  return wall(time);
}

/** An occurrence's identity: its instant in UTC, or its wall-clock or date text when it has no zone. */
function occurrenceKey(time: Time, tzid: string | null): string {
  if (time.isDate) return time.toString().slice(0, 10);
  if (isFloating(time)) {
    const zone = tzid ? knownZone(tzid) : null;
    if (!zone) return wall(time);
    const zoned = time.clone();
    zoned.zone = zone;
    return new Date(zoned.toUnixTime() * 1000).toISOString();
  }
  return new Date(time.toUnixTime() * 1000).toISOString();
}

/** Start and end as we store them; an all-day event runs from 00:00 of its first day to 23:59 of its last. */
function storedSpan(start: Time, end: Time, tzid: string | null, endTzid: string | null) {
  if (start.isDate) {
    const first = start.toString().slice(0, 10);
    const endDay = end.toString().slice(0, 10);
    const last = endDay > first ? addDays(endDay, -1) : first;
    return { startDate: `${first}T00:00:00`, endDate: `${last}T23:59:00` };
  }
  const startDate = toBrussels(start, tzid);
  let endDate = toBrussels(end, endTzid ?? tzid);
  // An event without length (no DTEND, or DTEND = DTSTART) still needs its end after its start: half an hour.
  if (!(endDate > startDate)) endDate = plusMinutes(startDate, 30);
  return { startDate, endDate };
}

const plusMinutes = (wallClock: string, minutes: number) =>
  new Date(Date.parse(`${wallClock}Z`) + minutes * 60_000).toISOString().slice(0, 19);

const tzidOf = (component: Component, name: string) => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/** The appointments a file holds within [from, to) (wall-clock), keyed by UID and occurrence. */
export function readIcs(text: string, from: string, to: string): ImportedAppointment[] {
  let root: Component;
  try {
    const parsed = ICAL.parse(text) as unknown[];
    const first = Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
    if (first[0] !== 'vcalendar') throw new Error('no VCALENDAR');
    root = new ICAL.Component(first);
  } catch (err) {
    throw invalid(err instanceof Error ? err.message.slice(0, 100) : 'parse error');
  }
  const found = new Map<string, ImportedAppointment>();
  const add = (item: ImportedAppointment) => {
    if (!(item.startDate < to && item.endDate > from)) return;
    found.set(item.importKey, item);
    if (found.size > ICS_MAX_EVENTS)
      throw new DomainError('ics_too_many_events', `more than ${ICS_MAX_EVENTS} appointments in one file`, 'body');
  };
  try {
    const vevents = root.getAllSubcomponents('vevent');
    const masters: Component[] = [];
    const exceptions = new Map<string, Component>();
    for (const vevent of vevents) {
      const uid = vevent.getFirstPropertyValue('uid');
      if (typeof uid !== 'string' || uid.trim() === '') throw new Error('an event without UID');
      if (!vevent.getFirstProperty('dtstart')) throw new Error('an event without DTSTART');
      const recurrenceId = vevent.getFirstPropertyValue('recurrence-id') as Time | null;
      if (recurrenceId) exceptions.set(`${uid}|${occurrenceKey(recurrenceId, tzidOf(vevent, 'recurrence-id'))}`, vevent);
      else masters.push(vevent);
    }
    const fromEvent = (vevent: Component, key: string, start: Time, end: Time): ImportedAppointment | null => {
      if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return null;
      const location = cleanText(vevent.getFirstPropertyValue('location'), 500);
      const description = cleanText(vevent.getFirstPropertyValue('description'), 2000);
      return {
        importKey: key.slice(0, 1000),
        name: cleanText(vevent.getFirstPropertyValue('summary'), 200),
        remarks: cleanText([location, description].filter(Boolean).join('\n'), 2000),
        ...storedSpan(start, end, tzidOf(vevent, 'dtstart'), tzidOf(vevent, 'dtend')),
      };
    };
    for (const vevent of masters) {
      const event = new ICAL.Event(vevent);
      const uid = event.uid;
      const tzid = tzidOf(vevent, 'dtstart');
      if (!event.isRecurring()) {
        const item = fromEvent(vevent, uid, event.startDate, event.endDate);
        if (item) add(item);
        continue;
      }
      const iterator = event.iterator();
      for (let step = 0, next = iterator.next(); next && step < MAX_RECURRENCE_STEPS; step++, next = iterator.next()) {
        const startWall = next.isDate ? `${next.toString().slice(0, 10)}T00:00:00` : toBrussels(next, tzid);
        if (startWall >= to) break;
        const key = `${uid}|${occurrenceKey(next, tzid)}`;
        if (exceptions.has(key)) continue;
        const end = next.clone();
        end.addDuration(event.duration);
        const item = fromEvent(vevent, key, next, end);
        if (item) add(item);
      }
    }
    for (const [key, vevent] of exceptions) {
      const event = new ICAL.Event(vevent);
      const item = fromEvent(vevent, key, event.startDate, event.endDate);
      if (item) add(item);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw invalid(err instanceof Error ? err.message.slice(0, 100) : 'unreadable event');
  }
  return [...found.values()];
}

/**
 * Imports a file's appointments for the rep, in one transaction: new ones added, changed ones updated (their
 * SEQUENCE raised), the same ones left alone. A broken file changes nothing.
 */
export async function importIcs(db: Db, employeeId: number, text: string, now = new Date()): Promise<IcsImportResult> {
  const today = brusselsNow(now).slice(0, 10);
  const items = readIcs(text, `${addDays(today, -FEED_DAYS_BACK)}T00:00:00`, `${addDays(today, FEED_DAYS_AHEAD)}T00:00:00`);
  return db.transaction(async (tx) => {
    const existing = new Map<string, { id: number; name: string | null; remarks: string | null; startDate: string; endDate: string }>();
    for (let i = 0; i < items.length; i += 1000) {
      const keys = items.slice(i, i + 1000).map((item) => item.importKey);
      const rows = await tx
        .select({
          id: appointments.id,
          importKey: appointments.importKey,
          name: appointments.name,
          remarks: appointments.remarks,
          startDate: sql<string>`to_char(${appointments.startDate}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
          endDate: sql<string>`to_char(${appointments.endDate}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        })
        .from(appointments)
        .where(and(eq(appointments.employeeId, employeeId), isNotNull(appointments.importKey), inArray(appointments.importKey, keys)));
      for (const row of rows) existing.set(row.importKey!, row);
    }
    const added = items.filter((item) => !existing.has(item.importKey));
    const changed = items.filter((item) => {
      const row = existing.get(item.importKey);
      return (
        row && (row.name !== item.name || row.remarks !== item.remarks || row.startDate !== item.startDate || row.endDate !== item.endDate)
      );
    });
    for (let i = 0; i < added.length; i += 500) {
      await tx.insert(appointments).values(added.slice(i, i + 500).map((item) => ({ employeeId, ...item })));
    }
    for (const item of changed) {
      await tx
        .update(appointments)
        .set({
          name: item.name,
          remarks: item.remarks,
          startDate: item.startDate,
          endDate: item.endDate,
          sequence: sql`${appointments.sequence} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(appointments.id, existing.get(item.importKey)!.id));
    }
    return { added: added.length, updated: changed.length, unchanged: items.length - added.length - changed.length };
  });
}
