// Planning (decision 028): appointments of our own, Home's Vandaag and Te bezoeken, a shop's plan, the calendar
// feed and its subscription, and the .ics import. Each endpoint is declared in contract/src/endpoints/planning.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import { chooseEncoding } from '../plugins/compression.js';
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
import { importIcs } from '../services/icsImport.js';
import { idempotentRoute, route } from './declared.js';

const {
  calendarFeed,
  calendarSubscriptionStatus,
  createAppointment: create,
  deleteAppointment: remove,
  dueShopsOfMine,
  importAppointments,
  revokeCalendarSubscription,
  shopPlanOf,
  startCalendarSubscription,
  todaysAppointments: today,
  updateAppointment: update,
} = endpoints;

export const planningRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (app, { database, config }) => {
  const { db } = database;
  const feed = prepareFeed(db, config.publicUrl);

  idempotentRoute(app, database, create, (request) => {
    const who = currentEmployee(request);
    return { inTransaction: (tx) => createAppointment(tx, who.employeeId, request.body) };
  });

  idempotentRoute(app, database, update, (request) => {
    const who = currentEmployee(request);
    return {
      inTransaction: async (tx) => ({
        status: 200 as const,
        body: await updateAppointment(tx, who.employeeId, request.params.ref, request.body),
      }),
    };
  });

  idempotentRoute(app, database, remove, (request) => {
    const who = currentEmployee(request);
    return {
      inTransaction: async (tx) => {
        await deleteAppointment(tx, who.employeeId, request.params.ref);
        return { status: 204 as const, body: undefined };
      },
    };
  });

  // The .ics file itself as the body (text/calendar), only here: no other route takes it.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('text/calendar', { parseAs: 'string', bodyLimit: importAppointments.bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    route(
      scoped,
      importAppointments,
      async (request) => {
        const who = currentEmployee(request);
        if (typeof request.body !== 'string') throw new DomainError('invalid_ics', 'send the .ics file as text/calendar', 'body');
        return importIcs(db, who.employeeId, request.body);
      },
      { heavyCallsPerMinute: config.heavyCallsPerMinute },
    );
  });

  route(app, today, async (request) => todaysAppointments(db, currentEmployee(request).employeeId));

  route(app, dueShopsOfMine, async (request) => readDueShops(db, currentEmployee(request).employeeId, config.dueAfterDays), {
    description: `Te bezoeken: the rep's shops nobody visited for DUE_AFTER_DAYS (${config.dueAfterDays}) days, most overdue first.`,
  });

  route(app, shopPlanOf, async (request) => readShopPlan(db, request.params.id, request.currentUser?.employee?.id ?? null));

  route(app, calendarSubscriptionStatus, async (request) => subscriptionStatus(db, currentEmployee(request).employeeId));

  route(app, startCalendarSubscription, async (request, reply) => {
    const { token, createdAt } = await startSubscription(db, currentEmployee(request).employeeId);
    reply.header('cache-control', 'no-store');
    return { url: feedUrl(config.publicUrl, token), createdAt };
  });

  route(app, revokeCalendarSubscription, async (request) => {
    await revokeSubscription(db, currentEmployee(request).employeeId);
  });

  // Logged by its pattern, never by its address (the token).
  route(app, calendarFeed, async (request, reply) => {
    const { token } = request.params;
    const answer = FEED_TOKEN_PATTERN.test(token) ? await feed(token, request.headers['if-none-match']) : null;
    if (!answer) throw new DomainError('feed_not_found', 'no calendar feed at this address');
    reply
      .header('etag', answer.etag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding')
      .header('x-robots-tag', 'noindex');
    if (answer.body === null) return reply.status(304).send();
    reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="prospectie.ics"');
    // Compressed once per version and kept with it (the compression plugin leaves an encoded body alone).
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(await encodedFeed(answer.body, encoding));
    return reply.send(answer.body.text);
  });
};
