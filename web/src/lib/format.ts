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
// makes a new one on every call, which cost a mid-tier phone ~100 ms for one shop's sell-out chart. The first one of
// its kind a page makes still loads ICU's data for it (~10 ms on a desktop, ~100 ms each on a low-tier phone, in the
// shop page's first render): the sell-out percentage and the sort of plain names are written without one
// (docs/decisions/078-first-render-without-intl.md).
let percent: Intl.NumberFormat | undefined;
let dutchOrder: Intl.Collator | undefined;
let dutchNumericOrder: Intl.Collator | undefined;

/** A count as Belgians write it: 1.234. */
export const formatCount = (n: number) => n.toLocaleString('nl-BE');

/** Whole digits grouped by three with a dot, as nl-BE writes them: 1234567 → 1.234.567. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * A sell-out percentage the Flemish way, one decimal with a comma (12,5%); 'N/A' when missing. The same text as
 * `Intl.NumberFormat('nl-BE', { maximumFractionDigits: 1 })`: the shortest decimal that is the number (JavaScript's
 * own `String`, as ICU reads it: 0.35, not the double's 0.3499…), its tenths rounded half away from zero.
 */
export function formatSellout(value: number | null | undefined): string {
  if (value === null || value === undefined) return nl.notAvailable;
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) {
    percent ??= new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 1 });
    return `${percent.format(value)}%`;
  }
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // Below 1e-6 String writes an exponent; such a value is 0 in tenths anyway.
  const decimal = Math.abs(value) < 1e-6 ? '0' : String(Math.abs(value));
  const [whole, fraction = ''] = decimal.split('.');
  let tenths = `${whole}${fraction[0] ?? '0'}`;
  if ((fraction[1] ?? '0') >= '5') tenths = String(BigInt(tenths) + 1n);
  tenths = tenths.padStart(2, '0');
  const tenth = tenths.slice(-1);
  return `${sign}${grouped(tenths.slice(0, -1))}${tenth === '0' ? '' : `,${tenth}`}%`;
}

/**
 * The characters of plain names in the Dutch (CLDR root) order: spaces and the punctuation brand names use, digits,
 * letters regardless of case (Intl.Collator('nl') sorts them so; format.test.ts checks it against Intl itself).
 */
const PLAIN_ORDER = ' _-,;:!?.\'"()/&+0123456789abcdefghijklmnopqrstuvwxyz';
const plainWeights = new Uint8Array(128);
for (let i = 0; i < PLAIN_ORDER.length; i++) {
  plainWeights[PLAIN_ORDER.charCodeAt(i)] = i + 1;
  plainWeights[PLAIN_ORDER.toUpperCase().charCodeAt(i)] = i + 1;
}
/** A character's place in PLAIN_ORDER from 1, case aside; 0 for any other character. */
const plainWeight = (code: number) => (code < 128 ? plainWeights[code] : 0);
/** Made of PLAIN_ORDER's characters only (in either case). */
function isPlain(name: string) {
  for (let i = 0; i < name.length; i++) if (plainWeight(name.charCodeAt(i)) === 0) return false;
  return true;
}

/** Intl.Collator('nl').compare for two plain names: by PLAIN_ORDER, then lowercase before uppercase. */
function plainOrder(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const difference = plainWeight(a.charCodeAt(i)) - plainWeight(b.charCodeAt(i));
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < shorter; i++) {
    const difference = a.charCodeAt(i) - b.charCodeAt(i);
    if (difference !== 0) return difference > 0 ? -1 : 1;
  }
  return 0;
}

/** Dutch alphabetical order, as `a.localeCompare(b, 'nl')`. */
export const compareDutch = (a: string, b: string) =>
  isPlain(a) && isPlain(b) ? plainOrder(a, b) : (dutchOrder ??= new Intl.Collator('nl')).compare(a, b);

/** Dutch order with numbers by value (postal codes, '9' before '10'), as `localeCompare(b, 'nl', { numeric: true })`. */
export const compareDutchNumeric = (a: string, b: string) =>
  (dutchNumericOrder ??= new Intl.Collator('nl', { numeric: true })).compare(a, b);

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD as days since 1970-01-01 (UTC, so no time zone or summer time moves it): a chart's x. */
export const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/** A day number as dd/mm/yyyy. */
export const formatDay = (day: number) => formatDate(new Date(day * DAY_MS).toISOString());
