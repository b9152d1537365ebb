// Days and times as Belgium counts them: the visits happen there, whatever the clock zone of the server or the device.
// Free of zod, so a screen's chunk can take it without the schemas.

/** Made once, on first use: a formatter with a time zone is costly to make (a mid-tier phone's main thread). */
let brusselsDay: Intl.DateTimeFormat | undefined;

/** Today (or `now`'s day) as YYYY-MM-DD in Belgium. */
export function brusselsToday(now = new Date()): string {
  brusselsDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });
  return brusselsDay.format(now);
}

/** 'YYYY-MM-DDTHH:mm(:ss)', a Brussels wall-clock time → its hour of the day. */
const hourOf = (wallClock: string) => Number(wallClock.slice(11, 13));

/** Spec §3: all-day when it starts at or before 09:xx, ends at or after 18:xx, and starts before it ends. */
export const isAllDay = (startDate: string, endDate: string) => hourOf(startDate) <= 9 && hourOf(endDate) >= 18 && startDate < endDate;

/** A YYYY-MM-DD (or ISO date-time) as dd/mm/yyyy; anything unreadable as given. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * Made on first use, not when the module loads: the first Intl formatter of a page loads the locale's data,
 * which took ~300 ms of a mid-tier phone's main thread before Home's first paint.
 */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A local 'YYYY-MM-DDTHH:mm[:ss]' as a Dutch date and time, e.g. 'maandag 6 januari 2025 om 08:30'. */
export function formatDateTime(localDateTime: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('nl-NL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTimeFormat.format(new Date(localDateTime));
}

/** The wall-clock time of a local 'YYYY-MM-DDTHH:mm[:ss]', e.g. '08:30'. */
export const formatTime = (localDateTime: string) => localDateTime.slice(11, 16);
