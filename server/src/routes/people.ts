// Users, employees, their appointments, and the e-mail directory lookup of spec §6. Each endpoint is declared in
// contract/src/endpoints/people.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../errors.js';
import { getEmployee, getUser, listEmployees, listUsers, prepareAppointmentReads, userIdByLogin } from '../services/people.js';
import { route } from './declared.js';
import { sendDatabaseJson } from './sendList.js';

const { appointmentsOfEmployee, employeeById, employeeOfUser, employees, userByEmail, userById, users } = endpoints;

export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const appointmentsOf = prepareAppointmentReads(db);
  route(app, users, async () => listUsers(db));

  route(app, userById, async (request) => getUser(db, request.params.id));

  route(app, employees, async () => listEmployees(db));

  route(app, employeeById, async (request) => getEmployee(db, { id: request.params.id }));

  route(app, employeeOfUser, async (request) => getEmployee(db, { userId: request.params.userId }));

  route(app, appointmentsOfEmployee, async (request, reply) => {
    const json = await appointmentsOf(request.params.id, request.query, request.currentUser?.employee?.id ?? null);
    if (json === null) throw new DomainError('employee_not_found', 'employee not found');
    return sendDatabaseJson(reply, json);
  });

  // Spec §7: a text response, empty for an unknown address, else JSON with Id.
  route(app, userByEmail, async (request, reply) => {
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
  });
};
