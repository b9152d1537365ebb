// The overview (issue 24): the team's figures and exports under /api/overview for manager and beheerder, and Mijn
// overzicht under /api/my/overview, the same of the caller's own work (her employee from the session, never a
// parameter). The routes and their shapes: contract/src/overview.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  myOverviewCoverageQuery,
  myOverviewCsvQuery,
  myOverviewQuery,
  overviewBrands,
  overviewCoverage,
  overviewCoverageQuery,
  overviewCsvQuery,
  overviewQuery,
  overviewTodos,
  overviewVisits,
  type ErrorCode,
  type OverviewCoverageQuery,
  type OverviewQuery,
  type Role,
} from '@prospectie/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HEAVY_CALL_ERRORS, heavyCall } from '../plugins/heavyCalls.js';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  overviewBrands as readBrands,
  overviewCoverage as readCoverage,
  overviewTodos as readTodos,
  overviewVisits as readVisits,
} from '../services/overview.js';
import { exportCsv, exportXlsx, type ExportRequest } from '../services/overviewExport.js';

/** Who may read the team's figures, and the code anyone else gets. */
export const TEAM_ROUTE = {
  roles: ['manager', 'beheerder'] as readonly Role[],
  errors: ['role_required'] as readonly ErrorCode[],
};
const OWN_ROUTE = { errors: ['no_employee'] as readonly ErrorCode[] };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What an export request carries besides its filter: who asks, and whether she may see contact details. */
function exportRequest(request: FastifyRequest, query: OverviewQuery, scope: ExportRequest['scope']): ExportRequest {
  const user = currentUser(request);
  return {
    query,
    scope,
    actorUserId: user.userId,
    withContacts: user.roles.includes('manager') || user.roles.includes('beheerder'),
  };
}

/** Streams an export as a download named after its period. */
function sendDownload(reply: FastifyReply, query: OverviewQuery, extension: 'xlsx' | 'csv', body: AsyncIterable<Uint8Array | string>) {
  return reply
    .type(extension === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="prospectie-bezoeken-${query.from}-${query.to}.${extension}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(body) as never);
}
const xlsxResponse = { 200: z.string().describe(XLSX_TYPE) };
const csvResponse = { 200: z.string().describe('text/csv; charset=utf-8, with a byte order mark') };
type OverviewCsvQuery = z.infer<typeof overviewCsvQuery>;

/** Every figure is registered twice: for the team (manager, beheerder) and as Mijn overzicht (the caller's own). */
const VARIANTS = [
  { scope: 'team', prefix: '/overview', config: TEAM_ROUTE },
  { scope: 'own', prefix: '/my/overview', config: OWN_ROUTE },
] as const;
type Scope = (typeof VARIANTS)[number]['scope'];

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const tags = ['overview'];

  /**
   * Registers a figure's two routes. The own one answers the caller's own figures: the rep filter is her employee,
   * whatever else was sent.
   */
  const both = <Q extends object, R extends { 200: z.ZodType }>(
    path: string,
    querystring: { team: z.ZodType<Q>; own: z.ZodType<Omit<Q, 'employeeId'>> },
    response: R,
    answer: (query: Q, scope: Scope, request: FastifyRequest, reply: FastifyReply) => Promise<z.output<R[200]> | FastifyReply>,
    heavy = false,
  ) => {
    for (const { scope, prefix, config: guard } of VARIANTS) {
      const routeConfig = heavy
        ? { ...guard, ...heavyCall(config.heavyCallsPerMinute), errors: [...guard.errors, ...HEAVY_CALL_ERRORS] }
        : guard;
      app.get(
        `${prefix}/${path}`,
        { config: routeConfig, schema: { tags, querystring: querystring[scope], response: response as Record<number, z.ZodType> } },
        async (request, reply) => {
          const sent = request.query as Q;
          const query = scope === 'own' ? { ...sent, employeeId: currentEmployee(request).employeeId } : sent;
          return answer(query, scope, request, reply);
        },
      );
    }
  };
  const filters = { team: overviewQuery, own: myOverviewQuery };

  both('visits', filters, { 200: overviewVisits }, (query: OverviewQuery) => readVisits(db, query));
  both(
    'coverage',
    { team: overviewCoverageQuery, own: myOverviewCoverageQuery },
    { 200: overviewCoverage },
    (query: OverviewCoverageQuery) => readCoverage(db, query, config.dueAfterDays),
  );
  both('todos', filters, { 200: overviewTodos }, (query: OverviewQuery) => readTodos(db, query));
  both('brands', filters, { 200: overviewBrands }, (query: OverviewQuery) => readBrands(db, query));
  both(
    'export.xlsx',
    filters,
    xlsxResponse,
    async (query: OverviewQuery, scope, request, reply) => {
      const { body } = await exportXlsx(db, exportRequest(request, query, scope));
      return sendDownload(reply, query, 'xlsx', body);
    },
    true,
  );
  both(
    'export.csv',
    { team: overviewCsvQuery, own: myOverviewCsvQuery },
    csvResponse,
    async (sent: OverviewCsvQuery, scope, request, reply) => {
      const { sheet, ...query } = sent;
      const { body } = await exportCsv(db, exportRequest(request, query, scope), sheet);
      return sendDownload(reply, query, 'csv', body);
    },
    true,
  );
};
