// The sample prospection report: one per employee, readable and writable only by that employee.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { id, idParam, prospectionReport, prospectionReportCreate, prospectionReportUpdate } from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { prospectionReports } from '../db/schema.js';
import { HttpError, notFound } from '../plugins/errors.js';
import { BODY_LIMIT } from '../plugins/jsonBody.js';

const forbidden = () => new HttpError(403, 'Je kan enkel je eigen voorbeeldrapport lezen en wijzigen.');

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/prospectionreport/employee/:employeeId',
    { schema: { tags: ['report'], params: z.object({ employeeId: id }), response: { 200: prospectionReport } } },
    async (request) => {
      const { employeeId } = currentEmployee(request);
      if (request.params.employeeId !== employeeId) throw forbidden();
      const [row] = await db.select().from(prospectionReports).where(eq(prospectionReports.employeeId, employeeId));
      if (!row) throw notFound('Rapport');
      return row;
    },
  );

  app.post(
    '/prospectionreport',
    { bodyLimit: BODY_LIMIT.report, schema: { tags: ['report'], body: prospectionReportCreate, response: { 201: prospectionReport } } },
    async (request, reply) => {
      const { employeeId } = currentEmployee(request);
      if (request.body.employeeId !== undefined && request.body.employeeId !== employeeId) throw forbidden();
      const [row] = await db.insert(prospectionReports).values({ employeeId, content: request.body.content }).returning();
      return reply.status(201).send(row);
    },
  );

  app.put(
    '/prospectionreport/:id',
    { bodyLimit: BODY_LIMIT.report, schema: { tags: ['report'], params: idParam, body: prospectionReportUpdate, response: { 200: prospectionReport } } },
    async (request) => {
      const { employeeId } = currentEmployee(request);
      if (request.body.id !== undefined && request.body.id !== request.params.id) {
        throw new HttpError(400, 'body.id: komt niet overeen met het id in het pad');
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(prospectionReports).where(eq(prospectionReports.id, request.params.id));
        if (!row) throw notFound('Rapport');
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
