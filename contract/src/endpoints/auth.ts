// Sign-in (single sign-on through the issuer, or the demo e-mail lookup), sign-out and who-am-I; and the health check.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { authConfig as authConfigSchema, demoLoginBody, logoutResult, me } from '../index';

/** Public: a load balancer or a monitor asks it without a session. */
export const health = endpoint({
  ...address.health,
  tags: ['health'],
  responses: { 200: z.object({ status: z.literal('ok') }) },
  public: true,
});

/** Public: the sign-in screen asks which sign-in to offer. */
export const authConfig = endpoint({
  ...address.authConfig,
  tags: ['auth'],
  responses: { 200: authConfigSchema },
  public: true,
});

// The sign-in routes are public and limited per address (the server's SIGN_IN_LIMIT: too_many_sign_ins).

export const demoSignIn = endpoint({
  ...address.demoSignIn,
  tags: ['auth'],
  body: demoLoginBody,
  responses: { 204: z.null() },
  errors: ['too_many_sign_ins', 'demo_sign_in_off', 'unknown_user', 'account_deactivated'],
  public: true,
});

export const signIn = endpoint({
  ...address.signIn,
  tags: ['auth'],
  query: z.object({ returnTo: z.string().optional() }),
  responses: { 302: z.null() },
  errors: ['too_many_sign_ins', 'single_sign_on_off'],
  public: true,
});

export const signInCallback = endpoint({
  ...address.signInCallback,
  tags: ['auth'],
  responses: { 302: z.null() },
  errors: ['too_many_sign_ins', 'single_sign_on_off'],
  public: true,
});

/** Public: signing out with a session that has already ended still clears the cookie. */
export const signOut = endpoint({
  ...address.signOut,
  tags: ['auth'],
  responses: { 200: logoutResult },
  public: true,
});

export const whoAmI = endpoint({
  ...address.whoAmI,
  tags: ['auth'],
  responses: { 200: me },
});
