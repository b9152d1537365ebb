// The month grid's events. FullCalendar draws and measures every event of the month, also those its
// "+n extra" link hides: with six colleagues compared that is over a thousand elements, over a second on a
// mid-tier phone. The grid gets what it shows instead: each day's first events and one "+n extra" event in place
// of the rest, which opens that day's whole list (DayList). Docs: docs/decisions/038-month-grid-digest.md.
import type { EventInput } from '@fullcalendar/core';
import { nlCalendar } from '../../i18n/nlCalendar';
import type { AppointmentEvent } from './events';

/** Rows a month cell shows, the "+n extra" row included (FullCalendar's dayMaxEventRows). */
export const DAY_ROWS = 4;

/** The "+n extra" event of one day: how many of its appointments it stands for. */
export interface MoreProps {
  more: { date: string; count: number };
}
export type MoreEvent = EventInput & { id: string; start: string; allDay: true; extendedProps: MoreProps };

export const isMoreEvent = (props: unknown): props is MoreProps => typeof props === 'object' && props !== null && 'more' in props;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`);
const isoDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days an event shows on in a day grid: an all-day one up to its (exclusive) end day, a timed one up to the
 * day of its end, that day left out when it ends at midnight (FullCalendar's nextDayThreshold of 00:00).
 */
export function daysOf(event: Pick<AppointmentEvent, 'start' | 'end' | 'allDay'>): string[] {
  const first = event.start.slice(0, 10);
  let last = event.end.slice(0, 10);
  if (event.allDay) last = isoDayOf(utcDay(last) - DAY_MS);
  else if (last > first && /T00:00(:00)?$/.test(event.end)) last = isoDayOf(utcDay(last) - DAY_MS);
  if (last <= first) return [first];
  const days: string[] = [];
  for (let ms = utcDay(first); ms <= utcDay(last); ms += DAY_MS) days.push(isoDayOf(ms));
  return days;
}

const millis = (local: string) => Date.parse(local.length === 10 ? `${local}T00:00:00Z` : `${local}Z`);

/** FullCalendar's own order in a day (its eventOrder 'start,-duration,allDay,title'): earliest, then longest first. */
export function compareEvents(a: AppointmentEvent, b: AppointmentEvent): number {
  const start = millis(a.start) - millis(b.start);
  if (start) return start;
  const duration = millis(b.end) - millis(b.start) - (millis(a.end) - millis(a.start));
  if (duration) return duration;
  if (a.allDay !== b.allDay) return a.allDay ? 1 : -1;
  return a.title.localeCompare(b.title);
}

/** Puts a day's "+n extra" after its appointments, whatever FullCalendar's order would say. */
export const moreLast = (a: { more?: unknown }, b: { more?: unknown }) => Number(a.more !== undefined) - Number(b.more !== undefined);

/**
 * What the month grid draws: events over several days as they are; of each day's other events the first ones,
 * as many as fit beside them, and one "+n extra" for the rest (none when they all fit). A day whose events over
 * several days fill it alone is left to FullCalendar's own "+n extra".
 */
export function monthDigest(events: readonly AppointmentEvent[], rows = DAY_ROWS): Array<AppointmentEvent | MoreEvent> {
  const spanning = new Map<string, number>();
  const byDay = new Map<string, AppointmentEvent[]>();
  const shown: Array<AppointmentEvent | MoreEvent> = [];
  for (const event of events) {
    const days = daysOf(event);
    if (days.length > 1) {
      shown.push(event);
      for (const day of days) spanning.set(day, (spanning.get(day) ?? 0) + 1);
    } else {
      const list = byDay.get(days[0]);
      if (list) list.push(event);
      else byDay.set(days[0], [event]);
    }
  }
  for (const [date, list] of byDay) {
    const taken = spanning.get(date) ?? 0;
    if (taken + list.length <= rows) {
      shown.push(...list);
      continue;
    }
    const room = Math.max(0, rows - 1 - taken);
    list.sort(compareEvents);
    shown.push(...list.slice(0, room));
    const count = list.length - room;
    shown.push({
      id: `more-${date}`,
      title: `+${count} ${nlCalendar.moreLink}`,
      start: date,
      allDay: true,
      editable: false,
      classNames: ['calendar-more'],
      extendedProps: { more: { date, count } },
    });
  }
  return shown;
}

/** Every event on one day, in the grid's order: what "+n extra" opens. */
export const eventsOnDay = (events: readonly AppointmentEvent[], date: string) =>
  events.filter((event) => daysOf(event).includes(date)).sort(compareEvents);
