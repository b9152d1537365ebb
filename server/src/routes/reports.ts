// The sample prospection report: one per employee, readable and writable only by that employee.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { id, idParam, prospectionReport, prospectionReportCreate, prospectionReportUpdate } from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { prospectionReports } from '../db/schema.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { BODY_LIMIT } from '../plugins/jsonBody.js';

const forbidden = () => new DomainError('not_own_report', 'only one\'s own sample report can be read or changed');

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/prospectionreport/employee/:employeeId',
    { config: { errors: ['no_employee', 'not_own_report', 'report_not_found'] }, schema: { tags: ['report'], params: z.object({ employeeId: id }), response: { 200: prospectionReport } } },
    async (request) => {
      const { employeeId } = currentEmployee(request);
      if (request.params.employeeId !== employeeId) throw forbidden();
      const [row] = await db.select().from(prospectionReports).where(eq(prospectionReports.employeeId, employeeId));
      if (!row) throw new DomainError('report_not_found', 'sample report not found');
      return row;
    },
  );

  app.post(
    '/prospectionreport',
    { bodyLimit: BODY_LIMIT.report, config: { errors: ['no_employee', 'not_own_report', ...CONSTRAINT_ERRORS] }, schema: { tags: ['report'], body: prospectionReportCreate, response: { 201: prospectionReport } } },
    async (request, reply) => {
      const { employeeId } = currentEmployee(request);
      if (request.body.employeeId !== undefined && request.body.employeeId !== employeeId) throw forbidden();
      const [row] = await db.insert(prospectionReports).values({ employeeId, content: request.body.content }).returning();
      return reply.status(201).send(row);
    },
  );

  app.put(
    '/prospectionreport/:id',
    {
      bodyLimit: BODY_LIMIT.report,
      config: { errors: ['no_employee', 'report_id_mismatch', 'report_not_found', 'not_own_report', ...CONSTRAINT_ERRORS] },
      schema: { tags: ['report'], params: idParam, body: prospectionReportUpdate, response: { 200: prospectionReport } } },
    async (request) => {
      const { employeeId } = currentEmployee(request);
      if (request.body.id !== undefined && request.body.id !== request.params.id) {
        throw new DomainError('report_id_mismatch', 'body.id differs from the id in the path', 'body.id');
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(prospectionReports).where(eq(prospectionReports.id, request.params.id));
        if (!row) throw new DomainError('report_not_found', 'sample report not found');
        if (row.employeeId !== employeeId || (request.body.employeeId !== undefined && request.body.employeeId !== employeeId)) {
          throw forbidden();
        }
        const [updated] = await tx
          .update(prospectionReports)
          .set({ content: request.body.content })
          .where(eq(prospectionReports.id, row.id))
          .returning();
        return updated;
      });
    },
  );
};
