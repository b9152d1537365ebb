// Sign-in (demo e-mail lookup for now), sign-out and who-am-I.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authConfig, demoLoginBody, me } from '@prospectie/contract';
import { z } from 'zod';
import { currentUser, sessionCookieName, sessionCookieOptions } from '../auth/plugin.js';
import type { SessionStore } from '../auth/sessions.js';
import type { Config } from '../config.js';
import { HttpError } from '../plugins/errors.js';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config; sessions: SessionStore }> = async (app, { config, sessions }) => {
  const cookieName = sessionCookieName(config);
  const cookieOptions = sessionCookieOptions(config);
  const signInLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get('/auth/config', { schema: { tags: ['auth'], response: { 200: authConfig } } }, async () => ({ authMode: config.authMode }));

  app.post(
    '/auth/demo',
    { config: signInLimit, schema: { tags: ['auth'], body: demoLoginBody, response: { 204: z.null() } } },
    async (request, reply) => {
      if (config.authMode !== 'demo') throw new HttpError(404, 'Demo-aanmelding staat uit');
      const user = await sessions.findUserByLogin(request.body.email);
      if (!user) throw new HttpError(401, 'Gebruiker niet gevonden. Probeer opnieuw aan te melden.');
      // A new id at every sign-in; the old session, if any, ends.
      if (request.sessionToken) await sessions.destroy(request.sessionToken);
      const token = await sessions.create(user.id);
      return reply.setCookie(cookieName, token, cookieOptions).status(204).send(null);
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], response: { 204: z.null() } } }, async (request, reply) => {
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    return reply.clearCookie(cookieName, cookieOptions).status(204).send(null);
  });

  app.get('/me', { schema: { tags: ['auth'], response: { 200: me } } }, async (request) => {
    const user = currentUser(request);
    return { user: { id: user.userId, login: user.login }, employee: user.employee, authMode: config.authMode };
  });
};
