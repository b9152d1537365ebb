// Users, employees, their appointments, and the e-mail directory lookup of spec §6.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointment, appointmentRange, employee, id, idParam, plainText, user } from '@prospectie/contract';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { appointments, employees, users } from '../db/schema.js';
import { DomainError } from '../errors.js';

const employeeColumns = { id: employees.id, firstName: employees.firstName, name: employees.name, userId: employees.userId };

/** `YYYY-MM-DD` becomes the start of that day. */
const toTimestamp = (value: string) => (value.length === 10 ? `${value}T00:00:00` : value);

export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // The calendar's reads, prepared once (docs/decisions/021-hot-read-overhead.md).
  const appointmentsOf = () =>
    db
      .select({
        id: appointments.id,
        name: appointments.name,
        remarks: appointments.remarks,
        startDate: sql<string>`to_char(${appointments.startDate}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        endDate: sql<string>`to_char(${appointments.endDate}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
      })
      .from(appointments);
  const all = appointmentsOf()
    .where(eq(appointments.employeeId, sql.placeholder('employeeId')))
    .orderBy(asc(appointments.startDate))
    .prepare('appointments_of_employee');
  // Those that overlap [from, to).
  const inRange = appointmentsOf()
    .where(
      and(
        eq(appointments.employeeId, sql.placeholder('employeeId')),
        lt(appointments.startDate, sql`${sql.placeholder('to')}::timestamp`),
        gt(appointments.endDate, sql`${sql.placeholder('from')}::timestamp`),
      ),
    )
    .orderBy(asc(appointments.startDate))
    .prepare('appointments_of_employee_in_range');
  const employeeById = db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.id, sql.placeholder('id')))
    .prepare('employee_exists');
  app.get('/users', { schema: { tags: ['people'], response: { 200: z.array(user) } } }, async () =>
    db.select({ id: users.id, login: users.login }).from(users).orderBy(asc(users.id)),
  );

  app.get(
    '/users/:id',
    { config: { errors: ['user_not_found'] }, schema: { tags: ['people'], params: idParam, response: { 200: user } } },
    async (request) => {
      const [row] = await db.select({ id: users.id, login: users.login }).from(users).where(eq(users.id, request.params.id));
      if (!row) throw new DomainError('user_not_found', 'user not found');
      return row;
    },
  );

  app.get('/employees', { schema: { tags: ['people'], response: { 200: z.array(employee) } } }, async () =>
    db.select(employeeColumns).from(employees).orderBy(asc(employees.name), asc(employees.firstName)),
  );

  app.get(
    '/employees/:id',
    { config: { errors: ['employee_not_found'] }, schema: { tags: ['people'], params: idParam, response: { 200: employee } } },
    async (request) => {
      const [row] = await db.select(employeeColumns).from(employees).where(eq(employees.id, request.params.id));
      if (!row) throw new DomainError('employee_not_found', 'employee not found');
      return row;
    },
  );

  app.get(
    '/employees/user/:userId',
    {
      config: { errors: ['employee_not_found'] },
      schema: { tags: ['people'], params: z.object({ userId: id }), response: { 200: employee } },
    },
    async (request) => {
      const [row] = await db.select(employeeColumns).from(employees).where(eq(employees.userId, request.params.userId));
      if (!row) throw new DomainError('employee_not_found', 'employee not found');
      return row;
    },
  );

  app.get(
    '/employees/:id/appointments',
    {
      config: { errors: ['employee_not_found'] },
      schema: {
        tags: ['calendar'],
        description: 'Appointments of an employee; with from/to only those that overlap [from, to).',
        params: idParam,
        querystring: appointmentRange,
        response: { 200: z.array(appointment) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const rows =
        from && to
          ? await inRange.execute({ employeeId: request.params.id, from: toTimestamp(from), to: toTimestamp(to) })
          : await all.execute({ employeeId: request.params.id });
      // Only an empty answer needs the employee looked up, to tell 'no appointments' from 'no employee'.
      if (rows.length === 0 && !(await employeeById.execute({ id: request.params.id })).length)
        throw new DomainError('employee_not_found', 'employee not found');
      return rows;
    },
  );

  // Spec §7: a text response, empty for an unknown address, else JSON with Id.
  app.get(
    '/User/GetUserByEmail/:email',
    { schema: { tags: ['people'], params: z.object({ email: plainText(320).min(1) }) } },
    async (request, reply) => {
      const email = request.params.email.trim().toLowerCase();
      if (config.directoryUrl) {
        const res = await fetch(`${config.directoryUrl.replace(/\/$/, '')}/User/GetUserByEmail/${encodeURIComponent(email)}`, {
          signal: AbortSignal.timeout(5000),
        });
        const body = res.ok ? await res.text() : '';
        return reply.type('text/plain; charset=utf-8').send(body);
      }
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.login})`, email));
      return reply.type('text/plain; charset=utf-8').send(row ? JSON.stringify({ Id: row.id }) : '');
    },
  );
};
