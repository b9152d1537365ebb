// Sign-in (single sign-on through the issuer, or the demo e-mail lookup), sign-out and who-am-I. Each endpoint is
// declared in contract/src/endpoints/auth.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import {
  LOGIN_TRANSACTION_MAX_AGE_S,
  loginErrorCode,
  OidcClient,
  safeReturnTo,
  TransactionSealer,
  type LoginErrorCode,
  type SignInClaims,
} from '../auth/oidc.js';
import { currentUser, loginCookieName, sessionCookieName, sessionCookieOptions } from '../auth/plugin.js';
import { whoAmIAnswer, type SessionStore } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { demoAccount, matchAccount } from '../services/signIn.js';
import { DomainError } from '../errors.js';
import { route } from './declared.js';

const { authConfig, demoSignIn, signIn, signInCallback, signOut, whoAmI } = endpoints;

/** Per IP, on every sign-in route; the Dutch message says what to do. */
export const SIGN_IN_LIMIT = { max: 30, timeWindow: '1 minute' };
const signInLimit = {
  ...SIGN_IN_LIMIT,
  errorResponseBuilder: () => new DomainError('too_many_sign_ins', 'too many sign-ins from this address; wait a minute'),
};

export const authRoutes: FastifyPluginAsyncZod<{ config: Config; sessions: SessionStore; db: Db }> = async (
  app,
  { config, sessions, db },
) => {
  const cookieName = sessionCookieName(config);
  const cookieOptions = sessionCookieOptions(config);
  const loginCookie = loginCookieName(config);
  const sealer = new TransactionSealer(config.sessionSecret);
  const client = config.authMode === 'oidc' && config.oidc ? new OidcClient(config.oidc, config.publicUrl) : null;

  /** Back to the app with a code the sign-in screen explains; returnTo survives for 'Probeer opnieuw'. */
  const failedLogin = (code: LoginErrorCode, returnTo = '/') => {
    const params = new URLSearchParams({ loginError: code });
    if (returnTo !== '/') params.set('returnTo', returnTo);
    return `/?${params}`;
  };

  route(app, authConfig, async () => ({ authMode: config.authMode }));

  route(
    app,
    demoSignIn,
    async (request, reply) => {
      if (config.authMode !== 'demo') throw new DomainError('demo_sign_in_off', 'demo sign-in is off');
      const user = await demoAccount(db, request.body.email, config.adminLogins);
      if (!user) throw new DomainError('unknown_user', 'no user with this login');
      if (!user.active) throw new DomainError('account_deactivated', 'this account is deactivated');
      // A new id at every sign-in; the old session, if any, ends.
      if (request.sessionToken) await sessions.destroy(request.sessionToken);
      const token = await sessions.create(user.id);
      reply.setCookie(cookieName, token, cookieOptions);
      return null;
    },
    { rateLimit: signInLimit },
  );

  route(
    app,
    signIn,
    async (request, reply) => {
      if (!client) throw new DomainError('single_sign_on_off', 'single sign-on is off');
      const returnTo = safeReturnTo(request.query.returnTo);
      try {
        const { url, transaction } = await client.startLogin(returnTo);
        reply.setCookie(loginCookie, sealer.seal(transaction), { ...cookieOptions, maxAge: LOGIN_TRANSACTION_MAX_AGE_S });
        return reply.redirect(url.href, 302);
      } catch (err) {
        request.log.warn({ err }, 'sign-in could not start');
        return reply.redirect(failedLogin(loginErrorCode(err), returnTo), 302);
      }
    },
    { rateLimit: signInLimit },
  );

  route(
    app,
    signInCallback,
    async (request, reply) => {
      if (!client) throw new DomainError('single_sign_on_off', 'single sign-on is off');
      const transaction = sealer.open(request.cookies[loginCookie]);
      // One use only: the transaction ends here whatever happens next.
      reply.clearCookie(loginCookie, cookieOptions);
      if (!transaction) return reply.redirect(failedLogin('expired'), 302);
      let claims: SignInClaims;
      try {
        claims = await client.finishLogin(new URL(request.url, config.publicUrl), transaction);
      } catch (err) {
        request.log.warn({ err }, 'sign-in failed at the issuer');
        return reply.redirect(failedLogin(loginErrorCode(err), transaction.returnTo), 302);
      }
      const outcome = await matchAccount(db, claims, { ...config.oidc, adminLogins: config.adminLogins });
      if ('refused' in outcome) return reply.redirect(failedLogin(outcome.refused, transaction.returnTo), 302);
      // A new session id at every sign-in; the old session, if any, ends. The token's roles count for this session.
      if (request.sessionToken) await sessions.destroy(request.sessionToken);
      const token = await sessions.create(outcome.userId, claims.roles);
      // Checked again on the way out: a transaction sealed by an older version may hold what a header cannot.
      return reply.setCookie(cookieName, token, cookieOptions).redirect(safeReturnTo(transaction.returnTo), 302);
    },
    { rateLimit: signInLimit },
  );

  route(app, signOut, async (request, reply) => {
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    reply.clearCookie(cookieName, cookieOptions);
    return { redirectTo: client ? await client.endSessionUrl() : null };
  });

  // The server-written first screen inlines this same answer (ops/firstScreenPage.ts).
  route(app, whoAmI, async (request) => whoAmIAnswer(currentUser(request), config.authMode));
};
