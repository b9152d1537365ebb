// The server as OpenID Connect client (backend-for-frontend): discovery, the login transaction,
// the code exchange and RP-initiated logout. The browser never sees a token. See docs/decisions/053 and 054.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { isLoopbackHttp, type Config } from '../config.js';

/** Issuer metadata is kept a day (spec §9: authority metadata cache 86400 seconds). */
const METADATA_TTL_MS = 24 * 60 * 60 * 1000;
/** A sign-in has ten minutes between leaving for the issuer and coming back. */
export const LOGIN_TRANSACTION_MAX_AGE_S = 10 * 60;

/** The codes the web app turns into a Dutch message on the 'Inloggen gefaald' screen. */
export type LoginErrorCode =
  'unknown_user' | 'deactivated' | 'access_denied' | 'invalid_grant' | 'timeout' | 'unreachable' | 'expired' | 'failed';

/** What the sign-in needs of the issuer's token (decision 029). */
export interface SignInClaims {
  /**
   * The account's stable identifier at the issuer: Entra's `entra:{tid}:{oid}` when the token has both (the
   * object id is the same for every app of the tenant), otherwise `{iss}|{sub}`. Never the username, which changes.
   */
  externalId: string;
  /** preferred_username, else email, else upn: finds the account the first time, and names a new one. */
  username: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The token's roles claim as sent, or null when it has none. */
  roleClaims: string[] | null;
  /** That claim mapped to our roles besides medewerker (values we do not know mean nothing), or null without a claim. */
  roles: ('manager' | 'beheerder')[] | null;
}

/** What the browser keeps (encrypted, httpOnly) between /login and /callback. */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: number;
}

/**
 * Only a path on this site may be a return target: one leading '/', not '//' or '/\' (which
 * browsers read as another host), no control characters. Anything else becomes '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  // It ends up in a Location header, which takes ASCII only: anything else is percent-encoded (a lone
  // surrogate cannot be, and sends the user home).
  try {
    return value.replace(/[^\u0021-\u007e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return '/';
  }
}

/** Seals the login transaction with AES-256-GCM: the browser can neither read nor alter it. */
export class TransactionSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'prospectie', 'login transaction', 32));
  }

  seal(transaction: LoginTransaction): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(sealed: string | undefined, now = Date.now()): LoginTransaction | null {
    if (!sealed) return null;
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      const transaction = JSON.parse(json) as LoginTransaction;
      return transaction.expiresAt > now ? transaction : null;
    } catch {
      return null;
    }
  }
}

/** Maps whatever the issuer or the network threw to one of our codes. */
export function loginErrorCode(err: unknown): LoginErrorCode {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, error } = e as { name?: string; code?: string; error?: string };
    if (error === 'access_denied' || error === 'invalid_grant') return error;
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'timeout';
    if (code && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
      return 'unreachable';
  }
  if (err instanceof TypeError && err.message === 'fetch failed') return 'unreachable';
  return 'failed';
}

export class OidcClient {
  private discovered: { at: number; config: Promise<oidc.Configuration> } | null = null;

  constructor(
    private readonly settings: NonNullable<Config['oidc']>,
    private readonly publicUrl: string,
  ) {}

  get redirectUri() {
    return `${this.publicUrl}/api/auth/callback`;
  }

  /** Discovers the issuer on first use and keeps the result a day; a failure is not cached. */
  configuration(now = Date.now()): Promise<oidc.Configuration> {
    if (!this.discovered || now - this.discovered.at > METADATA_TTL_MS) {
      const { issuer, clientId, clientSecret, timeoutSeconds } = this.settings;
      const config = oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
        timeout: timeoutSeconds,
        // Plain http only for a test provider on loopback; config.ts refuses it anywhere else.
        execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
      });
      this.discovered = { at: now, config };
      config.catch(() => {
        if (this.discovered?.config === config) this.discovered = null;
      });
    }
    return this.discovered.config;
  }

  /** The issuer's authorization URL and the transaction to keep until the callback. */
  async startLogin(returnTo: string): Promise<{ url: URL; transaction: LoginTransaction }> {
    const config = await this.configuration();
    const transaction: LoginTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      returnTo: safeReturnTo(returnTo),
      expiresAt: Date.now() + LOGIN_TRANSACTION_MAX_AGE_S * 1000,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid profile email',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /** Exchanges the code and returns what the sign-in needs of the account (SignInClaims). */
  async finishLogin(callbackUrl: URL, transaction: LoginTransaction): Promise<SignInClaims> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = tokens.claims()!;
    let profile: Record<string, unknown> = claims;
    if (!pickUsername(claims) && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      // Some issuers put the profile claims only in UserInfo.
      profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
    }
    return signInClaims(profile, this.settings.roleClaims);
  }

  /** Where to end the issuer's session too (RP-initiated logout), or null when it offers none. */
  async endSessionUrl(): Promise<string | null> {
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: `${this.publicUrl}/` }).href;
    } catch {
      return null; // an unreachable issuer must not stop the rep from signing out here
    }
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Reads SignInClaims from the ID token's claims (and UserInfo's, when it was asked). */
export function signInClaims(claims: Record<string, unknown>, roleClaims: NonNullable<Config['oidc']>['roleClaims']): SignInClaims {
  const tid = text(claims.tid);
  const oid = text(claims.oid);
  const externalId = tid && oid ? `entra:${tid}:${oid}` : `${String(claims.iss)}|${String(claims.sub)}`;
  const sent = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : null;
  const names = roleClaims ?? { medewerker: 'Prospectie.Medewerker', manager: 'Prospectie.Manager', beheerder: 'Prospectie.Beheerder' };
  return {
    externalId,
    username: pickUsername(claims),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    roleClaims: sent,
    roles: sent ? (['manager', 'beheerder'] as const).filter((role) => sent.includes(names[role])) : null,
  };
}

function pickUsername(claims: Record<string, unknown>): string | null {
  for (const name of ['preferred_username', 'email', 'upn']) {
    const value = claims[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}
