// Puts the signed-in user on every request, guards /api, and checks that writes come from our app.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_HEADER, type Role } from '@prospectie/contract';
import { isHttps, isLoopbackHttp, type Config } from '../config.js';
import { DomainError } from '../errors.js';
import type { SessionStore, SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    sessionToken: string | null;
    currentUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Anyone may call this route without a session (health, readiness, docs, sign-in; metrics checks its own token). */
    public?: boolean;
    /**
     * Only a session holding one of these roles may call this route (decision 029); others get 403 role_required.
     * Checked on the MATCHED route, after the session is found.
     */
    roles?: readonly Role[];
    /** A public write from outside the app (the one-click unsubscribe): no client header or Origin asked (decision 070). */
    fromOutside?: boolean;
  }
}

/** Marks a route as callable without a session, in its route options. */
export const PUBLIC_ROUTE = { public: true } as const;

/**
 * Whether the MATCHED route is one of the API's. The decision never reads the raw URL: the router decodes
 * the path (/%61pi/users is /api/users), so a prefix test on request.url is one spelling away from a bypass.
 * An unmatched path has no route pattern and gets the 404 handler, which reveals nothing.
 */
const isApiRoute = (pattern: string | undefined): pattern is string => !!pattern && (pattern === '/api' || pattern.startsWith('/api/'));

export function sessionCookieName(config: Config) {
  return isHttps(config) ? '__Host-prospectie_session' : 'prospectie_session';
}

/** The sealed login transaction between /api/auth/login and /api/auth/callback. */
export function loginCookieName(config: Config) {
  return isHttps(config) ? '__Host-prospectie_login' : 'prospectie_login';
}

export function sessionCookieOptions(config: Config) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(config),
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** PUBLIC_URL's origin, and under `npm run dev` the Vite dev server's; never one derived from the Host header. */
function allowedOrigins(config: Config): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin, ...config.devWebOrigins]);
  // On a laptop (plain http on loopback) localhost and 127.0.0.1 are the same machine and port.
  if (isLoopbackHttp(config.publicUrl)) {
    const { port } = new URL(config.publicUrl);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`http://${host}${port ? `:${port}` : ''}`);
  }
  return origins;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config; sessions: SessionStore }) => {
  const cookieName = sessionCookieName(opts.config);
  const origins = allowedOrigins(opts.config);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions;
    if (!isApiRoute(route.url)) return;
    // Writes, public ones (sign-in, logout) included, come from our own pages: a same-origin Origin when a
    // browser sends one, and always the client header, which a cross-site form cannot set.
    if (WRITE_METHODS.has(request.method) && !(route.config.fromOutside === true && route.config.public === true)) {
      const origin = request.headers.origin;
      if ((origin !== undefined && !origins.has(origin)) || request.headers[CLIENT_HEADER] !== '1') {
        throw new DomainError('not_from_app', "writes need the x-prospectie-client header and, from a browser, the app's own Origin");
      }
    }
    const token = request.cookies[cookieName];
    if (token) {
      request.sessionToken = token;
      request.currentUser = await opts.sessions.find(token);
      if (!request.currentUser) reply.clearCookie(cookieName, sessionCookieOptions(opts.config));
    }
    if (!request.currentUser && route.config.public !== true) {
      throw new DomainError('not_signed_in', 'no valid session');
    }
    const required = route.config.roles;
    if (required && !required.some((role) => request.currentUser?.roles.includes(role))) {
      throw new DomainError('role_required', `this route needs the role ${required.join(' or ')}`);
    }
  });
});

/** The signed-in user; only call on guarded routes. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.currentUser) throw new DomainError('not_signed_in', 'no valid session');
  return request.currentUser;
}

/** The signed-in user's employee, or the spec's message when the account has none. */
export function currentEmployee(request: FastifyRequest) {
  const user = currentUser(request);
  if (!user.employee) throw new DomainError('no_employee', 'the signed-in account has no employee');
  return { userId: user.userId, employeeId: user.employee.id };
}
