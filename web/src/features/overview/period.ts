// The overview's period and filters as the address keeps them (so a view is shared as a link), and the API query
// they make: a week, month or quarter (the one around today, or one she stepped to), or the days she picks.
import type { OverviewQueryInput } from '@prospectie/contract';

export const PERIOD_KINDS = ['week', 'month', 'quarter', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The week (Monday to Sunday), month or quarter that holds `today` (YYYY-MM-DD). */
export function periodAround(kind: Exclude<PeriodKind, 'custom'>, today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number);
  if (kind === 'week') {
    const day = utc(y, m - 1, d);
    const sinceMonday = (day.getUTCDay() + 6) % 7;
    return { from: iso(utc(y, m - 1, d - sinceMonday)), to: iso(utc(y, m - 1, d - sinceMonday + 6)) };
  }
  const first = kind === 'month' ? m - 1 : Math.floor((m - 1) / 3) * 3;
  const months = kind === 'month' ? 1 : 3;
  return { from: iso(utc(y, first, 1)), to: iso(utc(y, first + months, 0)) };
}

/** The week, month or quarter just before (-1) or after (+1) the one that starts on `from`. */
export function stepPeriod(kind: Exclude<PeriodKind, 'custom'>, from: string, step: -1 | 1): { from: string; to: string } {
  const [y, m, d] = from.split('-').map(Number);
  const next = kind === 'week' ? utc(y, m - 1, d + 7 * step) : utc(y, m - 1 + (kind === 'month' ? 1 : 3) * step, 1);
  return periodAround(kind, iso(next));
}

export interface OverviewView {
  period: PeriodKind;
  query: OverviewQueryInput;
  /** The funnel's season (decision 068): the funnel then counts in its windows; the other figures keep the period. */
  seasonId?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTERS = ['employeeId', 'countryId', 'cityId', 'postalCode', 'brandId'] as const;

/**
 * The view an address asks for; a missing or broken period is this month. A week, month or quarter is the one around
 * today, or, with `from`, the one that holds that day.
 */
export function viewFromSearch(search: URLSearchParams, today: string): OverviewView {
  const asked = search.get('period');
  let period: PeriodKind = PERIOD_KINDS.includes(asked as PeriodKind) ? (asked as PeriodKind) : 'month';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const picked = DATE.test(from) && DATE.test(to) && from <= to;
  // Broken days of her own make this month; a stepped period's day is only read for a week, month or quarter.
  const anchor = period !== 'custom' && DATE.test(from) ? from : today;
  if (period === 'custom' && !picked) period = 'month';
  const query: OverviewQueryInput = period === 'custom' ? { from, to } : periodAround(period, anchor);
  for (const key of FILTERS) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    if (key === 'postalCode') query.postalCode = value;
    else if (/^\d+$/.test(value)) query[key] = Number(value);
  }
  const seasonId = search.get('seasonId')?.trim() ?? '';
  return /^\d+$/.test(seasonId) ? { period, query, seasonId: Number(seasonId) } : { period, query };
}

/**
 * The address of a view: the period, its dates when picked by hand, its first day when she stepped away from the one
 * around today (so the address of this month keeps meaning this month next month), the filters that are set and the
 * funnel's season.
 */
export function searchFromView(view: OverviewView, today: string): URLSearchParams {
  const search = new URLSearchParams({ period: view.period });
  if (view.period === 'custom') {
    search.set('from', view.query.from);
    search.set('to', view.query.to);
  } else if (view.query.from !== periodAround(view.period, today).from) {
    search.set('from', view.query.from);
  }
  for (const key of FILTERS) {
    const value = view.query[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (view.seasonId !== undefined) search.set('seasonId', String(view.seasonId));
  return search;
}

/** The API's query for a view: the filters set (without the rep on Mijn overzicht: the server takes her from the session). */
export function apiQuery<Q extends OverviewQueryInput>(query: Q, own: boolean): Q {
  return Object.fromEntries(
    Object.entries(query).filter(([key, value]) => value !== undefined && value !== '' && !(own && key === 'employeeId')),
  ) as Q;
}
