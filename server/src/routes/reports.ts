// The sample prospection report: one per employee, readable and writable only by that employee. Each endpoint is
// declared in contract/src/endpoints/reports.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { createReport, ownReport, updateReport } from '../services/reports.js';
import { route } from './declared.js';

const { createReport: create, reportOfEmployee, updateReport: update } = endpoints;

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, reportOfEmployee, async (request) => ownReport(db, currentEmployee(request).employeeId, request.params.employeeId));

  route(app, create, async (request) => createReport(db, currentEmployee(request).employeeId, request.body));

  route(app, update, async (request) => updateReport(db, currentEmployee(request).employeeId, request.params.id, request.body));
};
