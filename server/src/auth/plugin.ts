// Puts the signed-in user on every request, guards /api, and checks that writes come from our app.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_HEADER } from '@prospectie/contract';
import type { Config } from '../config.js';
import { HttpError } from '../plugins/errors.js';
import type { SessionStore, SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    sessionToken: string | null;
    currentUser: SessionUser | null;
  }
}

/** Routes anyone may call without a session (/api/metrics checks its own token). */
const PUBLIC_PREFIXES = ['/api/health', '/api/ready', '/api/metrics', '/api/docs', '/api/auth/'];
const isPublic = (url: string) => PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(p));

export function sessionCookieName(config: Config) {
  return config.publicUrl.startsWith('https://') ? '__Host-prospectie_session' : 'prospectie_session';
}

/** The sealed login transaction between /api/auth/login and /api/auth/callback. */
export function loginCookieName(config: Config) {
  return config.publicUrl.startsWith('https://') ? '__Host-prospectie_login' : 'prospectie_login';
}

export function sessionCookieOptions(config: Config) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients; the custom header below still applies
  if (origin === new URL(config.publicUrl).origin) return true;
  const host = request.headers.host;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config; sessions: SessionStore }) => {
  const cookieName = sessionCookieName(opts.config);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    if (!url.startsWith('/api/') && url !== '/api') return;
    if (WRITE_METHODS.has(request.method)) {
      if (!sameOrigin(request, opts.config) || request.headers[CLIENT_HEADER] !== '1') {
        throw new HttpError(403, 'Verzoek geweigerd: het komt niet van de Prospectie-app.');
      }
    }
    const token = request.cookies[cookieName];
    if (token) {
      request.sessionToken = token;
      request.currentUser = await opts.sessions.find(token);
      if (!request.currentUser) reply.clearCookie(cookieName, sessionCookieOptions(opts.config));
    }
    if (!request.currentUser && !isPublic(url)) {
      throw new HttpError(401, 'Je moet eerst ingelogd zijn om verder te gaan');
    }
  });
});

/** The signed-in user; only call on guarded routes. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.currentUser) throw new HttpError(401, 'Je moet eerst ingelogd zijn om verder te gaan');
  return request.currentUser;
}

/** The signed-in user's employee, or the spec's message when the account has none. */
export function currentEmployee(request: FastifyRequest) {
  const user = currentUser(request);
  if (!user.employee) throw new HttpError(403, 'Geen geldige gebruiker. Probeer opnieuw in te loggen.');
  return { userId: user.userId, employeeId: user.employee.id };
}
