// Display rules shared by several screens: missing values as 'N/A' (spec §3) and dates the Flemish way.
import { formatDate } from '@prospectie/contract/dates';
import { nl } from '../i18n/nl';

// Said once for the app and the page the server writes (decision 073).
export { formatDate, formatDateTime, formatTime } from '@prospectie/contract/dates';

/** The value, or 'N/A' when it is missing or only blanks. */
export function orNotAvailable(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return nl.notAvailable;
  const text = String(value).trim();
  return text === '' ? nl.notAvailable : text;
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
