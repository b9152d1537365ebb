// The overview (decision 033): the team's figures for managers and administrators, the same figures of her own work for
// every rep, and the exports of the filtered visits.
//
// Each endpoint is declared once in ./endpoints/overview.ts: the team's under /overview (manager and beheerder; a
// rep gets 403 role_required whatever she asks), Mijn overzicht's under /my/overview (every rep with an employee;
// only her own work, her employee from the session, never from the query). The CSV export is written the way
// Belgian Excel opens it (semicolons, UTF-8 with BOM, decimal commas, dates dd/mm/jjjj).
// Bad parameters answer 400 validation_failed (with `rule` where the contract has one). Exports carry contact
// persons' e-mail and phone only for manager and beheerder, and each is written to the administration's log.
import { z } from 'zod';
import { id } from './ids';
import { rule } from './text';

/** A real calendar day, YYYY-MM-DD, between 1900 and 2999 (2026-02-30 is refused here, not by the database). */
const date = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, rule('date_format'))
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, rule('date_format'));

/** The filters every figure and export takes. The web turns week, month, quarter or custom into `from` and `to`. */
const overviewFilters = {
  /** First day of the period, YYYY-MM-DD (inclusive). */
  from: date,
  /** Last day of the period, YYYY-MM-DD (inclusive; `from` may equal it). */
  to: date,
  /** One rep (her employee id). */
  employeeId: id.optional(),
  /** Shops in this country. */
  countryId: id.optional(),
  /** Shops in this city. */
  cityId: id.optional(),
  /** Shops whose postal code starts with this (a region: `9`, `90`, `9000`). */
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,10}$/)
    .optional(),
  /** Visits that record this FC70 brand (its sell-out) or an interest in it. */
  brandId: id.optional(),
};
const inOrder = { ...rule('period_reversed'), path: ['to'] };
const periodInOrder = <T extends { from: string; to: string }>(q: T) => q.from <= q.to;
const { employeeId: _rep, ...ownFilters } = overviewFilters;

export const overviewQuery = z.object(overviewFilters).refine(periodInOrder, inOrder);
export type OverviewQuery = z.infer<typeof overviewQuery>;
export type OverviewQueryInput = z.input<typeof overviewQuery>;
/** Mijn overzicht: the same filters without a rep (one sent is ignored); the rep is the caller. */
export const myOverviewQuery = z.object(ownFilters).refine(periodInOrder, inOrder);
export type MyOverviewQuery = z.infer<typeof myOverviewQuery>;

/** The not-visited list comes in pages. */
export const COVERAGE_PAGE_MAX = 200;
const coveragePage = {
  limit: z.coerce.number().int().min(1).max(COVERAGE_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
export const overviewCoverageQuery = z.object({ ...overviewFilters, ...coveragePage }).refine(periodInOrder, inOrder);
export type OverviewCoverageQuery = z.infer<typeof overviewCoverageQuery>;
export const myOverviewCoverageQuery = z.object({ ...ownFilters, ...coveragePage }).refine(periodInOrder, inOrder);

const repRef = { employeeId: z.number().int(), employeeName: z.string() };

// --- visits: per rep per ISO week, the visit-type mix, new shops ---
export const overviewRepWeek = z.object({
  ...repRef,
  /** ISO week as `2026-W09`. */
  isoWeek: z.string(),
  /** The Monday of that week, YYYY-MM-DD. */
  weekStart: z.string(),
  visits: z.number().int(),
});
export type OverviewRepWeek = z.infer<typeof overviewRepWeek>;
export const overviewVisitType = z.object({ visitTypeId: z.number().int(), visitTypeName: z.string(), visits: z.number().int() });
export type OverviewVisitType = z.infer<typeof overviewVisitType>;
export const overviewVisits = z.object({
  /** Visits in the period after the filters. */
  total: z.number().int(),
  /** One row per rep and ISO week that has visits, by week then rep name. */
  perRepWeek: z.array(overviewRepWeek),
  /** Visits per visit type, most first. */
  visitTypes: z.array(overviewVisitType),
  /**
   * Shops created in the period (by a rep in the field or by the import) in the filtered region; with a rep, the
   * shops her account created. The brand filter does not narrow it.
   */
  newShops: z.number().int(),
});
export type OverviewVisits = z.infer<typeof overviewVisits>;

// --- coverage ---
export const overviewUncoveredShop = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The rep whose portfolio holds it (the assigned rep, else the last active rep who visited it). */
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  /** The last visit by anyone, null when never visited. */
  lastVisitDate: z.string().nullable(),
  /** Days from the last visit to the reference date, null when never visited. */
  daysSince: z.number().int().nullable(),
});
export type OverviewUncoveredShop = z.infer<typeof overviewUncoveredShop>;
export const overviewCoverage = z.object({
  /** The planning's Te bezoeken setting (DUE_AFTER_DAYS, 90 by default). */
  windowDays: z.number().int(),
  /** Coverage is counted as of this day: the period's end, or today when that lies ahead. */
  asOf: z.string(),
  /**
   * The team's shops: every active rep's portfolio (the shops assigned to her, and those she visited in the two
   * years before `asOf`), narrowed by the rep and region filters; the brand filter does not narrow it.
   */
  teamShops: z.number().int(),
  /** Of those, visited by anyone in the `windowDays` days up to `asOf`. */
  visitedShops: z.number().int(),
  /** visitedShops / teamShops, 0 when the team has no shops. */
  share: z.number(),
  /** The shops not visited, most overdue first (never visited first), one page of them. */
  notVisited: z.array(overviewUncoveredShop),
  /** How many shops are not visited in all (teamShops - visitedShops). */
  notVisitedTotal: z.number().int(),
  /** The offset of the next page, null on the last. */
  nextOffset: z.number().int().nullable(),
});
export type OverviewCoverage = z.infer<typeof overviewCoverage>;

// --- to-dos ---
export const overviewTodoAssignee = z.object({
  ...repRef,
  open: z.number().int(),
  done: z.number().int(),
  /** Open ones by age in days (today minus their creation day): 0-7, 8-30, 31-90, over 90. */
  openAge: z.object({
    upTo7: z.number().int(),
    upTo30: z.number().int(),
    upTo90: z.number().int(),
    over90: z.number().int(),
  }),
  /** Age in days of the oldest open one, null when none is open. */
  oldestOpenDays: z.number().int().nullable(),
});
export type OverviewTodoAssignee = z.infer<typeof overviewTodoAssignee>;
export const overviewTodos = z.object({
  /**
   * To-dos created in the period, per assignee (a to-do with two assignees counts for both), by name. The region
   * and brand filters narrow them to to-dos made on a visit that matches.
   */
  assignees: z.array(overviewTodoAssignee),
});
export type OverviewTodos = z.infer<typeof overviewTodos>;

// --- brand insight ---
export const overviewRemark = z.object({
  prospectionId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  visitDate: z.string(),
  remark: z.string(),
});
export type OverviewRemark = z.infer<typeof overviewRemark>;
/** At most this many remarks per brand interest (the newest). */
export const OVERVIEW_REMARKS_PER_BRAND = 20;
export const overviewBrandInterest = z.object({
  brandId: z.number().int(),
  brandName: z.string(),
  /** Distinct shops whose visits in the period asked for it. */
  shops: z.number().int(),
  visits: z.number().int(),
  /** The non-empty remarks, newest first, at most OVERVIEW_REMARKS_PER_BRAND. */
  remarks: z.array(overviewRemark),
});
export type OverviewBrandInterest = z.infer<typeof overviewBrandInterest>;
export const overviewSellout = z.object({
  brandId: z.number().int(),
  brandName: z.string(),
  /** Calendar month, YYYY-MM. */
  month: z.string(),
  /** Average sell-out in percent (one decimal) over the visits of that month that recorded one. */
  average: z.number(),
  visits: z.number().int(),
});
export type OverviewSellout = z.infer<typeof overviewSellout>;
/** At most this many competitor brands (the most seen), each with at most this many cities. */
export const OVERVIEW_COMPETITORS_MAX = 25;
export const OVERVIEW_COMPETITOR_CITIES_MAX = 5;
export const overviewCompetitor = z.object({
  competitorBrandId: z.number().int(),
  competitorBrandName: z.string(),
  visits: z.number().int(),
  shops: z.number().int(),
  /** Where it was seen most: city and visits there, most first. */
  cities: z.array(z.object({ city: z.string(), visits: z.number().int() })),
});
export type OverviewCompetitor = z.infer<typeof overviewCompetitor>;
/** At most this many terminated-brand mentions (the newest). */
export const OVERVIEW_TERMINATED_MAX = 100;
export const overviewTerminatedMention = z.object({
  prospectionId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  visitDate: z.string(),
  /** What the rep wrote under terminated brands. */
  text: z.string(),
});
export type OverviewTerminatedMention = z.infer<typeof overviewTerminatedMention>;
export const overviewBrands = z.object({
  /** FC70 brand interests in the period, most shops first. */
  interests: z.array(overviewBrandInterest),
  /** Average sell-out per FC70 brand per month, by brand name then month. */
  sellout: z.array(overviewSellout),
  /** Competitor brands seen most, most visits first. */
  competitors: z.array(overviewCompetitor),
  /** Visits that mention terminated brands, newest first. */
  terminated: z.array(overviewTerminatedMention),
  /** How many visits in the period mention terminated brands in all. */
  terminatedTotal: z.number().int(),
});
export type OverviewBrands = z.infer<typeof overviewBrands>;

/** The sheets of an export; the CSV export holds one of them. */
/** `pipeline`: each visit's status changes; `statuses`: the current status per shop and brand of the visited shops (decision 068). */
export const OVERVIEW_EXPORT_SHEETS = ['visits', 'brands', 'interests', 'todos', 'pipeline', 'statuses'] as const;
export const overviewExportSheet = z.enum(OVERVIEW_EXPORT_SHEETS);
export type OverviewExportSheet = z.infer<typeof overviewExportSheet>;
const csvSheet = { sheet: overviewExportSheet.default('visits') };
export const overviewCsvQuery = z.object({ ...overviewFilters, ...csvSheet }).refine(periodInOrder, inOrder);
export const myOverviewCsvQuery = z.object({ ...ownFilters, ...csvSheet }).refine(periodInOrder, inOrder);

/** The figures' paths under /api/overview and /api/my/overview, and the exports'. */
export const OVERVIEW_FIGURES = ['visits', 'coverage', 'todos', 'brands'] as const;
export const OVERVIEW_EXPORTS = ['export.xlsx', 'export.csv'] as const;

// --- the funnel (decision 068): the pipeline's history in the period, or a season's windows ---
/** With a season, each brand counts in its own window of that season (the period's from/to are the season's). */
export const overviewFunnelQuery = z.object({ ...overviewFilters, seasonId: id.optional() }).refine(periodInOrder, inOrder);
export type OverviewFunnelQuery = z.infer<typeof overviewFunnelQuery>;
export const myOverviewFunnelQuery = z.object({ ...ownFilters, seasonId: id.optional() }).refine(periodInOrder, inOrder);
