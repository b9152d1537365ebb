// Single sign-on end to end: a real OpenID provider (oidc-provider) on loopback, and a second app
// server in oidc mode started here, serving the built web app under its real security headers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { seriousAxeViolations } from './helpers';

// The service worker is part of what is tested here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const APP_PORT = Number(process.env.E2E_OIDC_APP_PORT ?? 3105);
const ISSUER_PORT = Number(process.env.E2E_OIDC_ISSUER_PORT ?? 3195);
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const issuerUrl = `http://127.0.0.1:${ISSUER_PORT}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Issuer accounts: 'sofie' is the seeded demo@example.com (other case on purpose), 'onbekend' is not in the app. */
const accounts: Record<string, { email: string }> = {
  sofie: { email: 'Demo@Example.com' },
  onbekend: { email: 'onbekend@example.com' },
};

let issuer: Server;
let app: ChildProcess;
let appExited: Promise<unknown>;
let appOutput = '';
let dataDir: string;

async function startIssuer() {
  const configuration: Configuration = {
    clients: [
      {
        client_id: 'prospectie',
        client_secret: 'e2e-geheim',
        redirect_uris: [`${appUrl}/api/auth/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) =>
      accounts[sub] ? { accountId: sub, claims: () => ({ sub, email: accounts[sub].email, email_verified: true }) } : undefined,
    // The app is a first-party client: no consent screen, the scopes it asks for are granted.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['prospectie-e2e'] },
  };
  const provider = new Provider(issuerUrl, configuration);
  issuer = createServer(provider.callback());
  await new Promise<void>((resolve) => issuer.listen(ISSUER_PORT, '127.0.0.1', resolve));
}

async function startApp() {
  dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-e2e-oidc-'));
  app = spawn('npm', ['run', 'start', '-w', 'server'], {
    cwd: repoRoot,
    detached: true, // its own process group, so the stop below ends npm and the server under it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      AUTH_MODE: 'oidc',
      OIDC_ISSUER: issuerUrl,
      OIDC_CLIENT_ID: 'prospectie',
      OIDC_CLIENT_SECRET: 'e2e-geheim',
      PUBLIC_URL: appUrl,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'error',
    },
  });
  // 'close': npm, tsx and the server have all let go of the pipes, so the server itself has ended too.
  appExited = new Promise((resolve) => app.once('close', resolve));
  app.stdout!.on('data', (chunk: Buffer) => (appOutput += chunk));
  app.stderr!.on('data', (chunk: Buffer) => {
    appOutput += chunk;
    process.stderr.write(chunk);
  });
  for (let i = 0; i < 180; i++) {
    try {
      if ((await fetch(`${appUrl}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the oidc-mode app server did not start');
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await startIssuer();
  await startApp();
});

test.afterAll(async () => {
  if (app?.pid) {
    try {
      process.kill(-app.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    // Its DATA_DIR goes only once it has stopped: removed under a closing PGlite, the close failed.
    await appExited;
  }
  await new Promise<void>((resolve) => (issuer ? issuer.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  expect(appOutput).not.toMatch(/UnhandledPromiseRejection|ERR_UNHANDLED_REJECTION|unhandled ?rejection/i);
});

/** On the issuer's login page: sign in as one of its accounts. */
async function signInAtIssuer(page: Page, account: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuerUrl}/interaction/`));
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('wachtwoord');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('button', { name: 'Afmelden' })).toBeVisible();

test('a deep link goes through the issuer and comes back to the same page, signed in', async ({ page }) => {
  await page.goto(`${appUrl}/shop/1/prospections?bron=link`);
  // Sign-in starts by itself: no click on the app's side.
  await signInAtIssuer(page, 'sofie');
  await expect(page).toHaveURL(`${appUrl}/shop/1/prospections?bron=link`);
  await signedIn(page);
  const me = await page.request.get(`${appUrl}/api/me`);
  expect((await me.json()).user.login).toBe('demo@example.com');
  // The browser holds no token: only the opaque httpOnly session cookie (cookies ignore ports, so
  // the issuer's own cookies on 127.0.0.1 are in the jar too).
  const cookies = (await page.context().cookies(appUrl)).filter((c) => c.name.startsWith('prospectie'));
  expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['prospectie_session', true, 'Lax']]);
  expect(cookies[0].value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toMatch(/eyJ/);
});

test('an issuer account the app does not know: Gebruiker niet gevonden, no session, no loop', async ({ page }) => {
  await page.goto(`${appUrl}/`);
  await signInAtIssuer(page, 'onbekend');
  await expect(page.getByRole('heading', { name: 'Inloggen gefaald' })).toBeVisible();
  await expect(page.getByText('Gebruiker niet gevonden. Probeer opnieuw aan te melden.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Probeer opnieuw' })).toBeVisible();
  expect((await page.request.get(`${appUrl}/api/me`)).status()).toBe(401);
  // A reload shows the same screen instead of starting sign-in again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inloggen gefaald' })).toBeVisible();
  expect(page.url().startsWith(appUrl)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the issuer refuses: Inloggen gefaald, and Probeer opnieuw signs in', async ({ page }) => {
  await page.goto(`${appUrl}/agenda`);
  await expect(page).toHaveURL(new RegExp(`^${issuerUrl}/interaction/`));
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen gefaald' })).toBeVisible();
  await expect(page.getByText('Het aanmelden werd geweigerd of geannuleerd bij de aanmeldpagina van je organisatie.')).toBeVisible();
  await page.getByRole('button', { name: 'Probeer opnieuw' }).click();
  await signInAtIssuer(page, 'sofie');
  await expect(page).toHaveURL(`${appUrl}/agenda`);
  await signedIn(page);
});

test('a session that expires mid-work goes through sign-in and back to the same page, keeping drafts', async ({ page, context }) => {
  await page.goto(`${appUrl}/`);
  await signInAtIssuer(page, 'sofie');
  await signedIn(page);
  await page.evaluate(() => localStorage.setItem('prospectie.e2e-draft', 'half getypt'));
  // The app's session ends (as after 2 hours idle); the issuer's session is still there.
  await context.clearCookies({ name: 'prospectie_session' });
  // Moving on inside the app: the next call meets 401.
  const backFromIssuer = page.waitForResponse((r) => r.url().startsWith(`${appUrl}/api/auth/callback`));
  await page.evaluate(() => {
    history.pushState({}, '', '/shop/1');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  expect((await backFromIssuer).headers().location).toBe('/shop/1');
  await expect(page).toHaveURL(`${appUrl}/shop/1`);
  await signedIn(page);
  expect(await page.evaluate(() => localStorage.getItem('prospectie.e2e-draft'))).toBe('half getypt');
  expect((await page.request.get(`${appUrl}/api/me`)).status()).toBe(200);
});

test('logout ends the app session and the issuer session', async ({ page }) => {
  await page.goto(`${appUrl}/`);
  await signInAtIssuer(page, 'sofie');
  await signedIn(page);
  await page.getByRole('button', { name: 'Afmelden' }).click();
  // RP-initiated logout: the issuer asks to confirm, then sends the browser back to the app.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  expect((await page.request.get(`${appUrl}/api/me`)).status()).toBe(401);
  // Signing in again asks for the password: the issuer forgot the rep too.
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.locator('input[name="password"]')).toBeVisible();
});

test('a call refused while the logout is on its way does not sign the rep back in', async ({ page }) => {
  await page.goto(`${appUrl}/`);
  await signInAtIssuer(page, 'sofie');
  await signedIn(page);
  // The server has ended the session, but its answer to the logout has not reached the app yet...
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  let ended!: () => void;
  const sessionEnded = new Promise<void>((resolve) => (ended = resolve));
  await page.route('**/api/auth/logout', async (route) => {
    const response = await route.fetch();
    ended();
    await held;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await sessionEnded;
  // ...when the app asks something else (here: the rep moves on to a shop) and is refused.
  await page.evaluate(() => {
    history.pushState({}, '', '/shop/1');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('Bezig met afmelden...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inloggen' })).toHaveCount(0);
  answer();
  // The logout goes on to the issuer, and nobody is signed in after it.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  expect((await page.request.get(`${appUrl}/api/me`)).status()).toBe(401);
});

test('signing out in one tab signs the other tab out too, which offers Inloggen instead of signing in again', async ({ page, context }) => {
  await page.goto(`${appUrl}/`);
  await signInAtIssuer(page, 'sofie');
  await signedIn(page);
  const otherTab = await context.newPage();
  await otherTab.goto(`${appUrl}/shop/1`);
  await signedIn(otherTab);
  // The app has taken over the page the server wrote: it listens for the other tab's sign-out from now on.
  await expect(otherTab.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('button', { name: 'Afmelden' }).click();
  // While the first tab is still at the issuer, the other shows the sign-in screen and stays on it.
  await expect(page.getByRole('button', { name: 'Yes, sign me out' })).toBeVisible();
  await expect(otherTab.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  await expect(otherTab.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(otherTab).toHaveURL(`${appUrl}/shop/1`);
  await expect(otherTab.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  expect((await otherTab.request.get(`${appUrl}/api/me`)).status()).toBe(401);
});

test('the built app runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && page.url().startsWith(appUrl) && /Content[- ]Security[- ]Policy|Refused to/i.test(msg.text())) {
      cspErrors.push(msg.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const list = ((window as unknown as { __csp: string[] }).__csp ??= []);
      list.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`);
    });
  });
  const response = await page.goto(`${appUrl}/`);
  expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
  await signInAtIssuer(page, 'sofie');
  await signedIn(page);
  for (const screen of ['/home', '/agenda', '/shop/1', '/shop/1/prospections', '/shop/new', '/prospectionreport/new']) {
    await page.goto(`${appUrl}${screen}`);
    await signedIn(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []), screen).toEqual([]);
  }
  expect(cspErrors).toEqual([]);
});
