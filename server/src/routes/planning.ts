// Planning (issue 23): appointments of our own, Home's Vandaag and Te bezoeken, a shop's plan, the calendar
// feed and its subscription, and the .ics import. The routes and their codes: contract/src/planning.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointment,
  appointmentCreate,
  appointmentRefParam,
  appointmentUpdate,
  calendarSubscription,
  calendarSubscriptionCreated,
  dueShops,
  ICS_MAX_BYTES,
  icsImportResult,
  IDEMPOTENCY_HEADER,
  idParam,
  shopPlan,
} from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee, PUBLIC_ROUTE } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { chooseEncoding } from '../plugins/compression.js';
import { FILE_WORK_ERRORS, heavyCall } from '../plugins/heavyCalls.js';
import {
  createAppointment,
  deleteAppointment,
  dueShops as readDueShops,
  shopPlan as readShopPlan,
  todaysAppointments,
  updateAppointment,
} from '../services/appointments.js';
import {
  encodedFeed,
  feedUrl,
  FEED_TOKEN_PATTERN,
  prepareFeed,
  revokeSubscription,
  startSubscription,
  subscriptionStatus,
} from '../services/calendarFeed.js';
import { IDEMPOTENCY_ERRORS, parseIdempotencyKey, runIdempotent } from '../services/idempotency.js';
import { importIcs } from '../services/icsImport.js';

const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() });

export const planningRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (app, { database, config }) => {
  const { db } = database;
  const feed = prepareFeed(db, config.publicUrl);

  app.post(
    '/appointments',
    {
      config: { errors: ['no_employee', 'shop_not_found', ...IDEMPOTENCY_ERRORS, ...CONSTRAINT_ERRORS] },
      schema: {
        tags: ['calendar'],
        description:
          'Creates an appointment of the signed-in rep, once per clientId: the same clientId again answers 200 with the stored one.',
        headers: idempotencyHeaders,
        body: appointmentCreate,
        response: { 201: appointment, 200: appointment },
      },
    },
    async (request, reply) => {
      const who = currentEmployee(request);
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const result = await runIdempotent(db, { userId: who.userId, key, route: 'POST appointments', body: request.body }, (tx) =>
        createAppointment(tx, who.employeeId, request.body),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body);
    },
  );

  app.patch(
    '/appointments/:ref',
    {
      config: {
        errors: [
          'no_employee',
          'appointment_not_found',
          'not_own_appointment',
          'shop_not_found',
          'appointment_end_before_start',
          ...IDEMPOTENCY_ERRORS,
          ...CONSTRAINT_ERRORS,
        ],
      },
      schema: {
        tags: ['calendar'],
        description: 'Moves, resizes or edits an own appointment, by its id or its clientId; raises its SEQUENCE.',
        params: appointmentRefParam,
        headers: idempotencyHeaders,
        body: appointmentUpdate,
        response: { 200: appointment },
      },
    },
    async (request, reply) => {
      const who = currentEmployee(request);
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const route = `PATCH appointments/${request.params.ref}`;
      const result = await runIdempotent(db, { userId: who.userId, key, route, body: request.body }, async (tx) => ({
        status: 200,
        body: await updateAppointment(tx, who.employeeId, request.params.ref, request.body),
      }));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(200).send(result.body);
    },
  );

  app.delete(
    '/appointments/:ref',
    {
      config: { errors: ['no_employee', 'not_own_appointment', ...IDEMPOTENCY_ERRORS] },
      schema: {
        tags: ['calendar'],
        description: 'Removes an own appointment, by its id or its clientId; one that is gone already answers 204 too.',
        params: appointmentRefParam,
        headers: idempotencyHeaders,
        response: { 204: z.undefined().describe('removed') },
      },
    },
    async (request, reply) => {
      const who = currentEmployee(request);
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const route = `DELETE appointments/${request.params.ref}`;
      const result = await runIdempotent(db, { userId: who.userId, key, route, body: null }, async (tx) => {
        await deleteAppointment(tx, who.employeeId, request.params.ref);
        return { status: 204, body: null };
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(204).send();
    },
  );

  // The .ics file itself as the body (text/calendar), only here: no other route takes it.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('text/calendar', { parseAs: 'string', bodyLimit: ICS_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scoped.post(
      '/appointments/import',
      {
        bodyLimit: ICS_MAX_BYTES,
        config: {
          ...heavyCall(config.heavyCallsPerMinute),
          errors: [
            'no_employee',
            'invalid_ics',
            'ics_too_many_events',
            'ics_too_many_file_events',
            'ics_recurrence_too_long',
            ...FILE_WORK_ERRORS,
            ...CONSTRAINT_ERRORS,
          ],
        },
        schema: {
          tags: ['calendar'],
          description:
            'Imports an .ics file (Content-Type text/calendar, at most 2 MB) as appointments of the rep: UID and occurrence key each ' +
            'event, so the same file twice adds nothing; recurring events expanded from 30 days back to a year ahead. Read in a ' +
            'file-work process with a deadline; skipped says how many events fell outside the window when none fell in it.',
          body: z.string(),
          response: { 200: icsImportResult },
        },
      },
      async (request) => {
        const who = currentEmployee(request);
        if (typeof request.body !== 'string') throw new DomainError('invalid_ics', 'send the .ics file as text/calendar', 'body');
        return importIcs(db, who.employeeId, request.body);
      },
    );
  });

  app.get(
    '/me/today',
    {
      config: { errors: ['no_employee'] },
      schema: {
        tags: ['calendar'],
        description: "Today's appointments of the signed-in rep, by start.",
        response: { 200: z.array(appointment) },
      },
    },
    async (request) => todaysAppointments(db, currentEmployee(request).employeeId),
  );

  app.get(
    '/me/due-shops',
    {
      config: { errors: ['no_employee'] },
      schema: {
        tags: ['calendar'],
        description: `Te bezoeken: the rep's shops nobody visited for DUE_AFTER_DAYS (${config.dueAfterDays}) days, most overdue first.`,
        response: { 200: dueShops },
      },
    },
    async (request) => readDueShops(db, currentEmployee(request).employeeId, config.dueAfterDays),
  );

  app.get(
    '/shops/:id/plan',
    {
      config: { errors: ['shop_not_found'] },
      schema: {
        tags: ['shops'],
        description: "The shop's next planned visit (anyone's) and its last visit, with who.",
        params: idParam,
        response: { 200: shopPlan },
      },
    },
    async (request) => readShopPlan(db, request.params.id, request.currentUser?.employee?.id ?? null),
  );

  app.get(
    '/calendar/subscription',
    { config: { errors: ['no_employee'] }, schema: { tags: ['calendar'], response: { 200: calendarSubscription } } },
    async (request) => subscriptionStatus(db, currentEmployee(request).employeeId),
  );

  app.post(
    '/calendar/subscription',
    {
      config: { errors: ['no_employee'] },
      schema: {
        tags: ['calendar'],
        description: 'Switches the feed on or renews it: the address with its token, shown this once; a previous address answers 404.',
        response: { 201: calendarSubscriptionCreated },
      },
    },
    async (request, reply) => {
      const { token, createdAt } = await startSubscription(db, currentEmployee(request).employeeId);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ url: feedUrl(config.publicUrl, token), createdAt });
    },
  );

  app.delete(
    '/calendar/subscription',
    {
      config: { errors: ['no_employee'] },
      schema: { tags: ['calendar'], description: 'Revokes the feed: its address answers 404.', response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await revokeSubscription(db, currentEmployee(request).employeeId);
      return reply.status(204).send();
    },
  );

  // Public: the token in the path is the credential (the phone's calendar sends no cookie). Logged by its pattern.
  app.get(
    '/calendar/feed/:token.ics',
    {
      config: { ...PUBLIC_ROUTE, errors: ['feed_not_found'] },
      schema: {
        tags: ['calendar'],
        description: 'The RFC 5545 calendar of a subscription: appointments from 30 days back to a year ahead. ETag; 304 on If-None-Match.',
        params: z.object({ token: z.string().max(100) }),
        response: {
          200: z.string().describe('text/calendar'),
          304: z.undefined().describe('unchanged since the ETag sent: no body'),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const answer = FEED_TOKEN_PATTERN.test(token) ? await feed(token, request.headers['if-none-match']) : null;
      if (!answer) throw new DomainError('feed_not_found', 'no calendar feed at this address');
      reply
        .header('etag', answer.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding')
        .header('x-robots-tag', 'noindex');
      if (answer.body === null) return reply.status(304).send(undefined as never);
      reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="prospectie.ics"');
      // Compressed once per version and kept with it (the compression plugin leaves an encoded body alone).
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding) return reply.header('content-encoding', encoding).send((await encodedFeed(answer.body, encoding)) as never);
      return reply.send(answer.body.text);
    },
  );
};
