import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { loadConfig } from '../config.js';
import { SIGN_IN_LIMIT } from '../routes/auth.js';
import { startFakeIssuer, startSilentServer, type FakeIssuer } from '../test/fakeIssuer.js';
import { createTestContext, dbKinds, writeHeaders, type TestContext } from '../test/harness.js';
import { safeReturnTo, TransactionSealer } from './oidc.js';

const PUBLIC_URL = 'http://localhost:3000';

describe('returnTo accepts only a path on this site', () => {
  it.each([
    ['/shop/12', '/shop/12'],
    ['/shop/12/prospections/new?x=1#y', '/shop/12/prospections/new?x=1#y'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['shop/12', '/'],
    ['/\tevil', '/'],
    ['/\u3000/x', '/%E3%80%80/x'],
    ['/winkel/Péruwelz', '/winkel/P%C3%A9ruwelz'],
    ['/\ud800', '/'],
    ['', '/'],
    [undefined, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

describe('the login transaction cookie', () => {
  const sealer = new TransactionSealer('secret');
  const transaction = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/shop/1', expiresAt: Date.now() + 60_000 };

  it('opens what it sealed and hides its content', () => {
    const sealed = sealer.seal(transaction);
    expect(sealed).not.toContain('shop');
    expect(sealer.open(sealed)).toEqual(transaction);
  });

  it('refuses a changed, foreign or expired one', () => {
    const sealed = sealer.seal(transaction);
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[flipped.length - 1] ^= 1;
    expect(sealer.open(flipped.toString('base64url'))).toBeNull();
    expect(new TransactionSealer('other').open(sealed)).toBeNull();
    expect(sealer.open(sealed, transaction.expiresAt + 1)).toBeNull();
    expect(sealer.open('garbage')).toBeNull();
  });
});

describe('configuration', () => {
  it('refuses a plain-http issuer other than loopback', () => {
    expect(() => loadConfig({ AUTH_MODE: 'oidc', OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'x' })).toThrow(/https/);
    expect(loadConfig({ AUTH_MODE: 'oidc', OIDC_ISSUER: 'http://127.0.0.1:3195', OIDC_CLIENT_ID: 'x' }).oidc?.issuer).toBe(
      'http://127.0.0.1:3195',
    );
  });
});

describe.each(dbKinds)('single sign-on on %s', (kind) => {
  let issuer: FakeIssuer;
  let ctx: TestContext;

  beforeAll(async () => {
    issuer = await startFakeIssuer();
    ctx = await createTestContext(kind, {
      config: {
        authMode: 'oidc',
        publicUrl: PUBLIC_URL,
        oidc: { issuer: issuer.url, clientId: issuer.clientId, clientSecret: issuer.clientSecret, timeoutSeconds: 2 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await issuer?.close();
  });

  /** GET /api/auth/login; returns the issuer URL and the transaction cookie. */
  const startLogin = async (returnTo = '/shop/12', cookie = '') => {
    const res = await ctx.app.inject({
      url: `/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(302);
    const login = res.cookies.find((c) => c.name === 'prospectie_login')!;
    return {
      authorizeUrl: new URL(res.headers.location!),
      loginCookie: `${login.name}=${login.value}`,
      setCookie: String(res.headers['set-cookie']),
    };
  };
  const callback = (query: Record<string, string>, cookie: string) =>
    ctx.app.inject({ url: `/api/auth/callback?${new URLSearchParams(query)}`, headers: { cookie } });
  const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === 'prospectie_session' && x.value);
    return c ? `${c.name}=${c.value}` : null;
  };

  it('sends the rep to the issuer with PKCE S256, state and nonce, keeping them in an httpOnly cookie', async () => {
    const { authorizeUrl, setCookie } = await startLogin();
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${issuer.url}/authorize`);
    const p = authorizeUrl.searchParams;
    expect(p.get('client_id')).toBe('prospectie');
    expect(p.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback`);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('scope')).toBe('openid profile email');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain(p.get('state')!);
  });

  it('signs the rep in case-insensitively by preferred_username and lands on the deep link', async () => {
    const { authorizeUrl, loginCookie } = await startLogin('/shop/12?tab=1');
    const code = issuer.issueCode(authorizeUrl, { preferred_username: 'Demo@Example.COM' });
    const res = await callback({ code, state: authorizeUrl.searchParams.get('state')! }, loginCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/shop/12?tab=1');
    const session = sessionCookieOf(res)!;
    expect(String(res.headers['set-cookie'])).toMatch(/prospectie_login=;/);
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: session } });
    expect(me.json()).toMatchObject({ user: { login: 'demo@example.com' }, employee: { firstName: 'Sofie' }, authMode: 'oidc' });
  });

  it('falls back to email, then upn, when preferred_username is missing', async () => {
    for (const claims of [{ email: 'collega@example.com' }, { upn: 'collega@example.com' }]) {
      const { authorizeUrl, loginCookie } = await startLogin('/');
      const res = await callback(
        { code: issuer.issueCode(authorizeUrl, claims), state: authorizeUrl.searchParams.get('state')! },
        loginCookie,
      );
      expect(res.headers.location, JSON.stringify(claims)).toBe('/');
      const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: sessionCookieOf(res)! } });
      expect(me.json().user.login).toBe('collega@example.com');
    }
  });

  it('makes a new session id at sign-in and ends the old one', async () => {
    const old = await signInThroughIssuer();
    const { authorizeUrl, loginCookie } = await startLogin('/', old);
    const res = await callback(
      { code: issuer.issueCode(authorizeUrl, { email: 'demo@example.com' }), state: authorizeUrl.searchParams.get('state')! },
      `${old}; ${loginCookie}`,
    );
    const fresh = sessionCookieOf(res)!;
    expect(fresh).not.toBe(old);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: old } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: fresh } })).statusCode).toBe(200);
  });

  async function signInThroughIssuer(email = 'demo@example.com') {
    const { authorizeUrl, loginCookie } = await startLogin('/');
    const res = await callback(
      { code: issuer.issueCode(authorizeUrl, { email }), state: authorizeUrl.searchParams.get('state')! },
      loginCookie,
    );
    return sessionCookieOf(res)!;
  }

  it('makes no session for an unknown account and says so', async () => {
    const { authorizeUrl, loginCookie } = await startLogin('/shop/12');
    const res = await callback(
      { code: issuer.issueCode(authorizeUrl, { email: 'onbekend@example.com' }), state: authorizeUrl.searchParams.get('state')! },
      loginCookie,
    );
    expect(res.headers.location).toBe('/?loginError=unknown_user&returnTo=%2Fshop%2F12');
    expect(sessionCookieOf(res)).toBeNull();
  });

  it('passes the issuer refusing (access_denied) on to the sign-in screen', async () => {
    const { authorizeUrl, loginCookie } = await startLogin('/');
    const res = await callback(
      { error: 'access_denied', error_description: 'nee', state: authorizeUrl.searchParams.get('state')! },
      loginCookie,
    );
    expect(res.headers.location).toBe('/?loginError=access_denied');
    expect(sessionCookieOf(res)).toBeNull();
  });

  it('reports an unknown or replayed code as invalid_grant', async () => {
    const { authorizeUrl, loginCookie } = await startLogin('/');
    const res = await callback({ code: 'not-issued', state: authorizeUrl.searchParams.get('state')! }, loginCookie);
    expect(res.headers.location).toBe('/?loginError=invalid_grant');
  });

  it('refuses a callback with a wrong state, without the transaction cookie, or with a forged one', async () => {
    const { authorizeUrl, loginCookie } = await startLogin('/');
    const code = issuer.issueCode(authorizeUrl, { email: 'demo@example.com' });
    const wrongState = await callback({ code, state: 'other' }, loginCookie);
    expect(wrongState.headers.location).toBe('/?loginError=failed');
    expect(sessionCookieOf(wrongState)).toBeNull();
    const noCookie = await callback({ code, state: authorizeUrl.searchParams.get('state')! }, '');
    expect(noCookie.headers.location).toBe('/?loginError=expired');
    const forged = await callback({ code, state: authorizeUrl.searchParams.get('state')! }, 'prospectie_login=eyJzdGF0ZSI6Im93biJ9');
    expect(forged.headers.location).toBe('/?loginError=expired');
  });

  it('never sends the rep off-site: a foreign returnTo becomes /', async () => {
    for (const evil of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
      const { authorizeUrl, loginCookie } = await startLogin(evil);
      const res = await callback(
        { code: issuer.issueCode(authorizeUrl, { email: 'demo@example.com' }), state: authorizeUrl.searchParams.get('state')! },
        loginCookie,
      );
      expect(res.headers.location, evil).toBe('/');
    }
  });

  it('ends signed in on the encoded path when returnTo holds characters outside ASCII, never in a 500', async () => {
    const { authorizeUrl, loginCookie } = await startLogin('/\u3000/x');
    const res = await callback(
      { code: issuer.issueCode(authorizeUrl, { email: 'demo@example.com' }), state: authorizeUrl.searchParams.get('state')! },
      loginCookie,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/%E3%80%80/x');
    const session = sessionCookieOf(res)!;
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: session } })).statusCode).toBe(200);
  });

  it('logs out here and hands back the issuer end-session URL', async () => {
    const session = await signInThroughIssuer();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: writeHeaders(session) });
    expect(res.statusCode).toBe(200);
    const redirectTo = new URL(res.json().redirectTo);
    expect(redirectTo.origin + redirectTo.pathname).toBe(`${issuer.url}/end_session`);
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    expect(redirectTo.searchParams.get('client_id')).toBe('prospectie');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: session } })).statusCode).toBe(401);
  });

  it('refuses the demo sign-in in oidc mode', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      payload: { email: 'demo@example.com' },
      headers: { [CLIENT_HEADER]: '1' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('rate limits the sign-in start with a Dutch 429', async () => {
    const limited = await createTestContext(kind, {
      seed: false,
      config: {
        authMode: 'oidc',
        oidc: { issuer: issuer.url, clientId: issuer.clientId, clientSecret: issuer.clientSecret, timeoutSeconds: 2 },
      },
    });
    try {
      for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await limited.app.inject({ url: '/api/auth/login' })).statusCode).toBe(302);
      const refused = await limited.app.inject({ url: '/api/auth/login' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_sign_ins');
      const callbackRefused = await limited.app.inject({ url: '/api/auth/callback' });
      expect(callbackRefused.statusCode).toBe(302); // its own budget
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe.each(dbKinds)('an issuer that cannot be reached, on %s', (kind) => {
  it('sends the rep to the failure screen: unreachable, then timeout', async () => {
    const silent = await startSilentServer();
    const closedPort = await startFakeIssuer();
    const closedUrl = closedPort.url;
    await closedPort.close();
    for (const [issuerUrl, code] of [
      [closedUrl, 'unreachable'],
      [silent.url, 'timeout'],
    ]) {
      const ctx = await createTestContext(kind, {
        seed: false,
        config: { authMode: 'oidc', oidc: { issuer: issuerUrl, clientId: 'prospectie', clientSecret: 's', timeoutSeconds: 1 } },
      });
      try {
        const res = await ctx.app.inject({ url: '/api/auth/login?returnTo=%2Fagenda' });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(`/?loginError=${code}&returnTo=%2Fagenda`);
        // Logging out still works when the issuer is away.
        const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { [CLIENT_HEADER]: '1' } });
        expect(out.json()).toEqual({ redirectTo: null });
      } finally {
        await ctx.close();
      }
    }
    await silent.close();
  }, 30_000);
});
