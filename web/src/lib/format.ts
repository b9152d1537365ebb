// Display rules shared by several screens: missing values as 'N/A' (spec §3) and dates the Flemish way.
import { nl } from '../i18n/nl';

/** The value, or 'N/A' when it is missing or only blanks. */
export function orNotAvailable(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return nl.notAvailable;
  const text = String(value).trim();
  return text === '' ? nl.notAvailable : text;
}

/** A YYYY-MM-DD (or ISO date-time) as dd/mm/yyyy; anything unreadable as given. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * A day as a Fleming types it, dd/mm/jjjj (also d-m-jjjj, d.m.jjjj or ddmmjjjj, as a phone's number pad has no
 * slash), as YYYY-MM-DD; null when it is no real day between 1900 and 2999 (the API's range).
 */
export function parseDate(text: string): string | null {
  const typed = text.trim();
  const match = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ]((?:19|2\d)\d{2})$/.exec(typed) ?? /^(\d{2})(\d{2})((?:19|2\d)\d{2})$/.exec(typed);
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

// Intl's formatters and collators are made once, on first use: `toLocaleString` or `localeCompare` with a locale
// makes a new one on every call, which cost a mid-tier phone ~100 ms for one shop's sell-out chart.
let percent: Intl.NumberFormat | undefined;
let dutchOrder: Intl.Collator | undefined;
let dutchNumericOrder: Intl.Collator | undefined;

/** A sell-out percentage the Flemish way, one decimal with a comma (12,5%); 'N/A' when missing. */
/** A count as Belgians write it: 1.234. */
export const formatCount = (n: number) => n.toLocaleString('nl-BE');

export function formatSellout(value: number | null | undefined): string {
  if (value === null || value === undefined) return nl.notAvailable;
  percent ??= new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 1 });
  return `${percent.format(value)}%`;
}

/** Dutch alphabetical order, as `a.localeCompare(b, 'nl')`. */
export const compareDutch = (a: string, b: string) => (dutchOrder ??= new Intl.Collator('nl')).compare(a, b);

/** Dutch order with numbers by value (postal codes, '9' before '10'), as `localeCompare(b, 'nl', { numeric: true })`. */
export const compareDutchNumeric = (a: string, b: string) =>
  (dutchNumericOrder ??= new Intl.Collator('nl', { numeric: true })).compare(a, b);

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD as days since 1970-01-01 (UTC, so no time zone or summer time moves it): a chart's x. */
export const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/** A day number as dd/mm/yyyy. */
export const formatDay = (day: number) => formatDate(new Date(day * DAY_MS).toISOString());

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
