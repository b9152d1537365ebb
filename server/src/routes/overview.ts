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
  type OverviewQuery,
  type Role,
} from '@prospectie/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  /** The caller's own figures: the rep filter is her employee, whatever else was sent. */
  const own = <Q extends object>(request: FastifyRequest, query: Q) => ({ ...query, employeeId: currentEmployee(request).employeeId });
  const tags = ['overview'];

  app.get(
    '/overview/visits',
    { config: TEAM_ROUTE, schema: { tags, querystring: overviewQuery, response: { 200: overviewVisits } } },
    async (request) => readVisits(db, request.query),
  );
  app.get(
    '/my/overview/visits',
    { config: OWN_ROUTE, schema: { tags, querystring: myOverviewQuery, response: { 200: overviewVisits } } },
    async (request) => readVisits(db, own(request, request.query)),
  );

  app.get(
    '/overview/coverage',
    { config: TEAM_ROUTE, schema: { tags, querystring: overviewCoverageQuery, response: { 200: overviewCoverage } } },
    async (request) => readCoverage(db, request.query, config.dueAfterDays),
  );
  app.get(
    '/my/overview/coverage',
    { config: OWN_ROUTE, schema: { tags, querystring: myOverviewCoverageQuery, response: { 200: overviewCoverage } } },
    async (request) => readCoverage(db, own(request, request.query), config.dueAfterDays),
  );

  app.get(
    '/overview/todos',
    { config: TEAM_ROUTE, schema: { tags, querystring: overviewQuery, response: { 200: overviewTodos } } },
    async (request) => readTodos(db, request.query),
  );
  app.get(
    '/my/overview/todos',
    { config: OWN_ROUTE, schema: { tags, querystring: myOverviewQuery, response: { 200: overviewTodos } } },
    async (request) => readTodos(db, own(request, request.query)),
  );

  app.get(
    '/overview/brands',
    { config: TEAM_ROUTE, schema: { tags, querystring: overviewQuery, response: { 200: overviewBrands } } },
    async (request) => readBrands(db, request.query),
  );
  app.get(
    '/my/overview/brands',
    { config: OWN_ROUTE, schema: { tags, querystring: myOverviewQuery, response: { 200: overviewBrands } } },
    async (request) => readBrands(db, own(request, request.query)),
  );

  app.get(
    '/overview/export.xlsx',
    { config: TEAM_ROUTE, schema: { tags, querystring: overviewQuery, response: xlsxResponse } },
    async (request, reply) => {
      const { body } = await exportXlsx(db, exportRequest(request, request.query, 'team'));
      return sendDownload(reply, request.query, 'xlsx', body);
    },
  );
  app.get(
    '/my/overview/export.xlsx',
    { config: OWN_ROUTE, schema: { tags, querystring: myOverviewQuery, response: xlsxResponse } },
    async (request, reply) => {
      const query = own(request, request.query);
      const { body } = await exportXlsx(db, exportRequest(request, query, 'own'));
      return sendDownload(reply, query, 'xlsx', body);
    },
  );
  app.get(
    '/overview/export.csv',
    { config: TEAM_ROUTE, schema: { tags, querystring: overviewCsvQuery, response: csvResponse } },
    async (request, reply) => {
      const { sheet, ...query } = request.query;
      const { body } = await exportCsv(db, exportRequest(request, query, 'team'), sheet);
      return sendDownload(reply, query, 'csv', body);
    },
  );
  app.get(
    '/my/overview/export.csv',
    { config: OWN_ROUTE, schema: { tags, querystring: myOverviewCsvQuery, response: csvResponse } },
    async (request, reply) => {
      const { sheet, ...rest } = request.query;
      const query = own(request, rest);
      const { body } = await exportCsv(db, exportRequest(request, query, 'own'), sheet);
      return sendDownload(reply, query, 'csv', body);
    },
  );
};
