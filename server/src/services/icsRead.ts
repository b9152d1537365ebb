// Reads an .ics file exported from Outlook (or Google, Apple) with ical.js: times in UTC or another TZID become
// Brussels wall-clock times, recurring events are expanded within a window, and every occurrence is keyed by its UID
// and occurrence. Runs in a file-work process (workers/fileTasks.ts): how long it may take is the pool's deadline; the
// caps below bound what a file may ask (docs/decisions/041-file-work-off-the-loop.md).
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { CONTROL_CHARACTER, ICS_MAX_APPOINTMENTS, ICS_MAX_FILE_EVENTS, ICS_MAX_RECURRENCE_STEPS } from '@prospectie/contract';
import { DomainError } from '../errors.js';
import { addDays, brusselsNow } from './brusselsTime.js';
import { giveWay } from '../workers/cooperation.js';

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

export interface IcsRead {
  /** The appointments within the window, keyed by UID and occurrence. */
  items: ImportedAppointment[];
  /** Events of the file (a series counted once) that gave no appointment in the window. */
  skipped: number;
}

/** Seconds since 1970 of a wall-clock time read as UTC. */
const unixOf = (wallClock: string) => Date.parse(`${wallClock}Z`) / 1000;
/** More than any zone's offset from UTC: a step this far outside the window is outside whatever its zone. */
const ZONE_MARGIN_S = 2 * 86_400;

/** The appointments a file holds within [from, to) (wall-clock), keyed by UID and occurrence. */
export function readIcs(text: string, from: string, to: string): IcsRead {
  let root: Component;
  try {
    // A byte-order mark (some exports begin with one) is no part of the calendar.
    const parsed = ICAL.parse(text.replace(/^\uFEFF/, '')) as unknown[];
    const first = Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
    if (first[0] !== 'vcalendar') throw new Error('no VCALENDAR');
    root = new ICAL.Component(first);
  } catch (err) {
    throw invalid(err instanceof Error ? err.message.slice(0, 100) : 'parse error');
  }
  const found = new Map<string, ImportedAppointment>();
  /** Adds the occurrence when it falls in the window; says whether it did. */
  const add = (item: ImportedAppointment) => {
    if (!(item.startDate < to && item.endDate > from)) return false;
    found.set(item.importKey, item);
    if (found.size > ICS_MAX_APPOINTMENTS)
      throw new DomainError('ics_too_many_events', `more than ${ICS_MAX_APPOINTMENTS} appointments in one file`, 'body');
    return true;
  };
  let skipped = 0;
  let steps = 0;
  const fromUnix = unixOf(from);
  const toUnix = unixOf(to);
  try {
    const vevents = root.getAllSubcomponents('vevent');
    if (vevents.length > ICS_MAX_FILE_EVENTS)
      throw new DomainError('ics_too_many_file_events', `more than ${ICS_MAX_FILE_EVENTS} events in one file`, 'body');
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
    const addEvent = (vevent: Component, key: string, start: Time, end: Time) => {
      const item = fromEvent(vevent, key, start, end);
      return item ? add(item) : false;
    };
    for (const vevent of masters) {
      giveWay();
      const event = new ICAL.Event(vevent);
      const uid = event.uid;
      const tzid = tzidOf(vevent, 'dtstart');
      if (!event.isRecurring()) {
        if (!addEvent(vevent, uid, event.startDate, event.endDate)) skipped++;
        continue;
      }
      // Steps before the window are only counted: converting each to Brussels time would cost more than the step.
      const earliest = fromUnix - ZONE_MARGIN_S - Math.max(0, event.duration.toSeconds());
      let inWindow = false;
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        giveWay();
        if (++steps > ICS_MAX_RECURRENCE_STEPS)
          throw new DomainError('ics_recurrence_too_long', `recurrences take more than ${ICS_MAX_RECURRENCE_STEPS} steps`, 'body');
        const unix = next.toUnixTime();
        if (unix < earliest) continue;
        if (unix > toUnix + ZONE_MARGIN_S) break;
        const startWall = next.isDate ? `${next.toString().slice(0, 10)}T00:00:00` : toBrussels(next, tzid);
        if (startWall >= to) break;
        const key = `${uid}|${occurrenceKey(next, tzid)}`;
        if (exceptions.has(key)) continue;
        const end = next.clone();
        end.addDuration(event.duration);
        if (addEvent(vevent, key, next, end)) inWindow = true;
      }
      if (!inWindow) skipped++;
    }
    for (const [key, vevent] of exceptions) {
      const event = new ICAL.Event(vevent);
      addEvent(vevent, key, event.startDate, event.endDate);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw invalid(err instanceof Error ? err.message.slice(0, 100) : 'unreadable event');
  }
  return { items: [...found.values()], skipped };
}
