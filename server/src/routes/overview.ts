// The overview (decision 033): the team's figures and exports under /api/overview for manager and beheerder, and Mijn
// overzicht under /api/my/overview, the same of the caller's own work (her employee from the session, never a
// parameter). Each endpoint is declared in contract/src/endpoints/overview.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { Endpoint, OverviewCoverageQuery, overviewCsvQuery, OverviewFunnelQuery, OverviewQuery } from '@prospectie/contract';
import * as endpoints from '@prospectie/contract/endpoints';
import { seesTheTeam } from '@prospectie/contract/roles';
import type { z } from 'zod';
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
import { overviewFunnel as readFunnel } from '../services/funnel.js';
import { route } from './declared.js';

const { XLSX_TYPE } = endpoints;
type Scope = ExportRequest['scope'];
type OverviewCsvQuery = z.infer<typeof overviewCsvQuery>;

/** What an export request carries besides its filter: who asks, and whether she may see contact details. */
function exportRequest(request: FastifyRequest, query: OverviewQuery, scope: Scope): ExportRequest {
  const user = currentUser(request);
  return {
    query,
    scope,
    actorUserId: user.userId,
    withContacts: seesTheTeam(user.roles),
  };
}

/** Streams an export as a download named after its period. */
function sendDownload(reply: FastifyReply, query: OverviewQuery, extension: 'xlsx' | 'csv', body: AsyncIterable<Uint8Array | string>) {
  return reply
    .type(extension === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="prospectie-bezoeken-${query.from}-${query.to}.${extension}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(body));
}

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // The exports' limit; the figures are no heavy calls and leave it unread.
  const server = { heavyCallsPerMinute: config.heavyCallsPerMinute };

  /**
   * Registers a figure's two endpoints, the team's and the caller's own, with one answer. The own one answers the
   * caller's own figures: the rep filter is her employee, whatever else was sent.
   */
  const both = <Q extends object>(
    team: Endpoint & { query: z.ZodType<Q> },
    own: Endpoint & { query: z.ZodType<Omit<Q, 'employeeId'>> },
    answer: (query: Q, scope: Scope, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => {
    route(app, team, async (request, reply) => answer(request.query as Q, 'team', request, reply), server);
    route(
      app,
      own,
      async (request, reply) =>
        answer(
          { ...(request.query as Omit<Q, 'employeeId'>), employeeId: currentEmployee(request).employeeId } as Q,
          'own',
          request,
          reply,
        ),
      server,
    );
  };

  both(endpoints.teamVisits, endpoints.ownVisits, (query: OverviewQuery) => readVisits(db, query));
  both(endpoints.teamCoverage, endpoints.ownCoverage, (query: OverviewCoverageQuery) => readCoverage(db, query, config.dueAfterDays));
  both(endpoints.teamTodos, endpoints.ownTodos, (query: OverviewQuery) => readTodos(db, query));
  both(endpoints.teamBrands, endpoints.ownBrands, (query: OverviewQuery) => readBrands(db, query));
  both(endpoints.teamFunnel, endpoints.ownFunnel, (query: OverviewFunnelQuery) => readFunnel(db, query));
  both(endpoints.teamExportXlsx, endpoints.ownExportXlsx, async (query: OverviewQuery, scope, request, reply) => {
    const { body } = await exportXlsx(db, exportRequest(request, query, scope));
    return sendDownload(reply, query, 'xlsx', body);
  });
  both(endpoints.teamExportCsv, endpoints.ownExportCsv, async (sent: OverviewCsvQuery, scope, request, reply) => {
    const { sheet, ...query } = sent;
    const { body } = await exportCsv(db, exportRequest(request, query, scope), sheet);
    return sendDownload(reply, query, 'csv', body);
  });
};
