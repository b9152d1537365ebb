// The overview endpoints: every figure and export twice, the team's under /overview for manager and beheerder, and
// Mijn overzicht under /my/overview, the same of the caller's own work (her employee from the session, never a
// parameter). What each figure means: ../overview.ts.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { TEAM_ROLES } from '../roles';
import {
  myOverviewCoverageQuery,
  myOverviewCsvQuery,
  myOverviewFunnelQuery,
  myOverviewQuery,
  overviewBrands,
  overviewFunnel,
  overviewFunnelQuery,
  overviewCoverage,
  overviewCoverageQuery,
  overviewCsvQuery,
  overviewQuery,
  overviewTodos,
  overviewVisits,
} from '../index';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The team's figures: manager and beheerder only. */
const team = { tags: ['overview'], roles: TEAM_ROLES } as const;
/** The caller's own figures: a signed-in rep with an employee. */
const own = { tags: ['overview'], errors: ['no_employee'] } as const;

/** The exports stream a download; each is heavy work (decision 041). */
const xlsx = { responses: { 200: z.string().describe(XLSX_TYPE) }, heavy: true } as const;
const csv = { responses: { 200: z.string().describe('text/csv; charset=utf-8, with a byte order mark') }, heavy: true } as const;

export const teamVisits = endpoint({ ...address.teamVisits, ...team, query: overviewQuery, responses: { 200: overviewVisits } });
export const teamCoverage = endpoint({
  ...address.teamCoverage,
  ...team,
  query: overviewCoverageQuery,
  responses: { 200: overviewCoverage },
});
export const teamTodos = endpoint({ ...address.teamTodos, ...team, query: overviewQuery, responses: { 200: overviewTodos } });
export const teamBrands = endpoint({ ...address.teamBrands, ...team, query: overviewQuery, responses: { 200: overviewBrands } });
export const teamExportXlsx = endpoint({ ...address.teamExportXlsx, ...team, query: overviewQuery, ...xlsx });
export const teamExportCsv = endpoint({ ...address.teamExportCsv, ...team, query: overviewCsvQuery, ...csv });

export const ownVisits = endpoint({ ...address.ownVisits, ...own, query: myOverviewQuery, responses: { 200: overviewVisits } });
export const ownCoverage = endpoint({
  ...address.ownCoverage,
  ...own,
  query: myOverviewCoverageQuery,
  responses: { 200: overviewCoverage },
});
export const ownTodos = endpoint({ ...address.ownTodos, ...own, query: myOverviewQuery, responses: { 200: overviewTodos } });
export const ownBrands = endpoint({ ...address.ownBrands, ...own, query: myOverviewQuery, responses: { 200: overviewBrands } });
export const ownExportXlsx = endpoint({ ...address.ownExportXlsx, ...own, query: myOverviewQuery, ...xlsx });
export const ownExportCsv = endpoint({ ...address.ownExportCsv, ...own, query: myOverviewCsvQuery, ...csv });

export const teamFunnel = endpoint({
  ...address.teamFunnel,
  ...team,
  description: "The pipeline's funnel of the period, or of a season's windows: per FC70 brand and per rep.",
  query: overviewFunnelQuery,
  responses: { 200: overviewFunnel },
  errors: ['season_not_found'],
});
export const ownFunnel = endpoint({
  ...address.ownFunnel,
  ...own,
  description: "The same funnel of the caller's own work.",
  query: myOverviewFunnelQuery,
  responses: { 200: overviewFunnel },
  errors: ['no_employee', 'season_not_found'],
});
