// The sample prospection report: one per employee, readable and writable only by that employee.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { id, idParam, prospectionReport, prospectionReportCreate, prospectionReportUpdate } from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { CONSTRAINT_ERRORS } from '../errors.js';
import { BODY_LIMIT } from '../plugins/jsonBody.js';
import { createReport, ownReport, updateReport } from '../services/reports.js';

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/prospectionreport/employee/:employeeId',
    {
      config: { errors: ['no_employee', 'not_own_report', 'report_not_found'] },
      schema: { tags: ['report'], params: z.object({ employeeId: id }), response: { 200: prospectionReport } },
    },
    async (request) => ownReport(db, currentEmployee(request).employeeId, request.params.employeeId),
  );

  app.post(
    '/prospectionreport',
    {
      bodyLimit: BODY_LIMIT.report,
      config: { errors: ['no_employee', 'not_own_report', ...CONSTRAINT_ERRORS] },
      schema: { tags: ['report'], body: prospectionReportCreate, response: { 201: prospectionReport } },
    },
    async (request, reply) => reply.status(201).send(await createReport(db, currentEmployee(request).employeeId, request.body)),
  );

  app.put(
    '/prospectionreport/:id',
    {
      bodyLimit: BODY_LIMIT.report,
      config: { errors: ['no_employee', 'report_id_mismatch', 'report_not_found', 'not_own_report', ...CONSTRAINT_ERRORS] },
      schema: { tags: ['report'], params: idParam, body: prospectionReportUpdate, response: { 200: prospectionReport } },
    },
    async (request) => updateReport(db, currentEmployee(request).employeeId, request.params.id, request.body),
  );
};
