// Users, employees, their appointments, and the e-mail directory lookup of spec §6.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointment, appointmentRange, employee, id, idParam, plainText, user } from '@prospectie/contract';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { getEmployee, getUser, listEmployees, listUsers, prepareAppointmentReads, userIdByLogin } from '../services/people.js';

export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const appointmentsOf = prepareAppointmentReads(db);
  app.get('/users', { schema: { tags: ['people'], response: { 200: z.array(user) } } }, async () => listUsers(db));

  app.get(
    '/users/:id',
    { config: { errors: ['user_not_found'] }, schema: { tags: ['people'], params: idParam, response: { 200: user } } },
    async (request) => getUser(db, request.params.id),
  );

  app.get('/employees', { schema: { tags: ['people'], response: { 200: z.array(employee) } } }, async () => listEmployees(db));

  app.get(
    '/employees/:id',
    { config: { errors: ['employee_not_found'] }, schema: { tags: ['people'], params: idParam, response: { 200: employee } } },
    async (request) => getEmployee(db, { id: request.params.id }),
  );

  app.get(
    '/employees/user/:userId',
    {
      config: { errors: ['employee_not_found'] },
      schema: { tags: ['people'], params: z.object({ userId: id }), response: { 200: employee } },
    },
    async (request) => getEmployee(db, { userId: request.params.userId }),
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
    async (request) => appointmentsOf(request.params.id, request.query, request.currentUser?.employee?.id ?? null),
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
      const userId = await userIdByLogin(db, email);
      return reply.type('text/plain; charset=utf-8').send(userId ? JSON.stringify({ Id: userId }) : '');
    },
  );
};
