// E-mail (docs/decisions/069-mail-and-job-queue.md, 070-unsubscribe-without-a-session.md). Each endpoint is declared
// in contract/src/endpoints/mail.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../errors.js';
import { mailLogPage } from '../services/mail/log.js';
import { mailSettingsOf, setMailSettings, turnOff } from '../services/mail/settings.js';
import { readUnsubscribeToken } from '../services/mail/unsubscribe.js';
import { route } from './declared.js';

const { mailLog, myMailSettings, setMyMailSettings, unsubscribe, unsubscribeKind } = endpoints;

export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const sending = config.mail !== undefined;

  route(app, myMailSettings, async (request) => mailSettingsOf(db, currentEmployee(request).employeeId, sending));

  route(app, setMyMailSettings, async (request) => {
    const { employeeId } = currentEmployee(request);
    await setMailSettings(db, employeeId, request.body);
    return mailSettingsOf(db, employeeId, sending);
  });

  route(app, mailLog, async (request) => mailLogPage(db, request.query));

  const tokenOf = (token: string) => {
    const read = readUnsubscribeToken(config.sessionSecret, token);
    if (!read) throw new DomainError('unsubscribe_not_found', 'no such unsubscribe address');
    return read;
  };

  route(app, unsubscribeKind, async (request, reply) => {
    const { kind } = tokenOf(request.params.token);
    // A browser opening the header's address: the app's page asks before anything changes.
    if ((request.headers.accept ?? '').includes('text/html')) {
      return reply.redirect(`/afmelden/${encodeURIComponent(request.params.token)}`, 303);
    }
    return { kind };
  });

  // The one-click body (RFC 8058: `List-Unsubscribe=One-Click`, as a form) says nothing the address does not: read
  // and dropped, in this route's scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    route(scope, unsubscribe, async (request) => {
      const { employeeId, kind } = tokenOf(request.params.token);
      await turnOff(db, employeeId, kind);
      request.log.info({ kind }, 'mail unsubscribed');
      return { kind };
    });
  });
};
