// The overview (issue 24): the team's figures under /api/overview for manager and beheerder, and Mijn overzicht
// under /api/my/overview, the same figures of the caller's own work (her employee from the session, never a
// parameter). The routes and their shapes: contract/src/overview.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myOverviewCoverageQuery,
  myOverviewQuery,
  overviewBrands,
  overviewCoverage,
  overviewCoverageQuery,
  overviewQuery,
  overviewTodos,
  overviewVisits,
  type ErrorCode,
  type Role,
} from '@prospectie/contract';
import type { FastifyRequest } from 'fastify';
import { currentEmployee } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  overviewBrands as readBrands,
  overviewCoverage as readCoverage,
  overviewTodos as readTodos,
  overviewVisits as readVisits,
} from '../services/overview.js';

/** Who may read the team's figures, and the code anyone else gets. */
export const TEAM_ROUTE = {
  roles: ['manager', 'beheerder'] as readonly Role[],
  errors: ['role_required'] as readonly ErrorCode[],
};
const OWN_ROUTE = { errors: ['no_employee'] as readonly ErrorCode[] };

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
};
