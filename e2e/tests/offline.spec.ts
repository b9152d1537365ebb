// Working with no signal: an installable app whose shell and recently opened shops open offline, and
// an outbox that keeps a visit recorded offline until the connection returns (docs/decisions/007-offline.md).
import { expect, test } from './servers';
import { APP_HEADERS, seriousAxeViolations, signIn } from './helpers';
import {
  fillVisit,
  goOffline,
  idbValue,
  next,
  openShopOnline,
  persistedCache,
  reloadUnderServiceWorker,
  stepHeading,
  visitCount,
} from './offlineHelpers';

// The service worker is part of what is tested here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test('the app is installable: manifest, icons, and a service worker that controls the page from the second load', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestResponse = await page.request.get(href!);
  expect(manifestResponse.ok()).toBe(true);
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Prospectie',
    short_name: 'Prospectie',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1f3a5f',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1f3a5f');
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').includes('any'));
    expect(icon, `an icon of ${size}px`).toBeTruthy();
    const res = await page.request.get(icon!.src);
    expect(res.ok()).toBe(true);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    // PNG signature, then the IHDR chunk's width and height.
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

  // The service worker registers on the first load but leaves that page alone (other tests rely on it).
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  await reloadUnderServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();

  // Chromium's own installability check, the one Lighthouse reports. Every Playwright context is an
  // incognito profile, where Chromium never offers to install; that is the only objection allowed.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // A page under /api is never answered with the app shell.
  const health = await page.goto('/api/health');
  expect(await health!.json()).toEqual({ status: 'ok' });
});

test('offline: the shell and a recently opened shop still open; a visit recorded offline waits, survives a reload, and is saved exactly once when back online', async ({
  page,
  context,
}) => {
  const shopId = 6;
  const name = await openShopOnline(page, shopId);
  const before = await visitCount(page, shopId);
  await reloadUnderServiceWorker(page);

  await goOffline(context, page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('status').filter({ hasText: 'Je bent offline.' })).toContainText(
    /Je ziet de gegevens van vandaag om \d\d:\d\d\./,
  );
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto(`/shop/${shopId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A whole visit, recorded with no connection.
  await page.getByRole('link', { name: 'Nieuwe prospectie' }).click();
  await fillVisit(page, 'Genoteerd zonder bereik');
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  const waiting = page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' });
  await expect(waiting).toHaveCount(1);
  await expect(page.getByText('1 item wacht op verbinding.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Closing the tab or reloading while still offline keeps it waiting.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(waiting).toHaveCount(1);
  expect(await visitCount(page, shopId)).toBe(before);

  // Back online: sent by itself, once.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/shops/${shopId}/prospections`)) posts.push(r.headers()['idempotency-key']);
  });
  await context.setOffline(false);
  await expect(page.getByText('Je prospectie is verzonden.')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Je bent offline.' })).toHaveCount(0);
  expect(await visitCount(page, shopId)).toBe(before + 1);
  const [newest] = (await (await page.request.get(`/api/shops/${shopId}/prospections?limit=1`)).json()) as { id: number }[];
  expect(await (await page.request.get(`/api/prospections/${newest.id}`)).json()).toMatchObject({ extra: 'Genoteerd zonder bereik' });
  await expect(page.locator(`main a[href="/shop/${shopId}/prospections/${newest.id}"]`)).toBeVisible();
  // Nothing more goes out later (no second send, no duplicate).
  await page.waitForTimeout(6_000);
  expect(posts).toHaveLength(1);
  expect(await visitCount(page, shopId)).toBe(before + 1);
});

test('a visit the server refuses comes back to the rep as an editable draft with the Dutch text of the server’s code', async ({
  page,
  context,
}) => {
  const shopId = 7;
  await openShopOnline(page, shopId);
  const before = await visitCount(page, shopId);
  await page.goto(`/shop/${shopId}/prospections/new`);
  await goOffline(context, page);
  await fillVisit(page, 'Eerste versie');
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);

  // The server answers a code; the rep reads the web's text for it (nl.ts apiErrors), never the server's words.
  const message = 'Een gekozen waarde bestaat niet (meer). Kies opnieuw.';
  const refusal = { error: 'Bad Request', code: 'unknown_reference', field: 'brandId', message: 'brandId: refused by the database' };
  await context.route(`**/api/shops/${shopId}/prospections`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) })
      : route.continue(),
  );
  await context.setOffline(false);
  const refused = page.getByRole('listitem').filter({ hasText: 'Geweigerd' });
  await expect(refused).toContainText(message);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Refused is never retried by itself.
  expect(await visitCount(page, shopId)).toBe(before);

  await refused.getByRole('link', { name: 'Aanpassen' }).click();
  await expect(page.getByText(`De server weigerde je eerder verzonden invoer: ${message}`)).toBeVisible();
  // Opened cold (the app starts on the wizard), it still finds the refused visit: the outbox is read first.
  await page.reload();
  await expect(page.getByText(`De server weigerde je eerder verzonden invoer: ${message}`)).toBeVisible();
  await page.getByRole('button', { name: 'Doorgaan met je concept' }).click();
  await expect(stepHeading(page, 7)).toBeVisible();
  await page.getByRole('button', { name: 'Vorige' }).click();
  const feedback = page.getByLabel(/Extra opmerkingen\/feedback/);
  await expect(feedback).toHaveValue('Eerste versie');
  await feedback.fill('Aangepaste versie');
  await next(page);

  await context.unroute(`**/api/shops/${shopId}/prospections`);
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Geweigerd' })).toHaveCount(0);
  expect(await visitCount(page, shopId)).toBe(before + 1);
  const [newest] = (await (await page.request.get(`/api/shops/${shopId}/prospections?limit=1`)).json()) as { id: number }[];
  expect(await (await page.request.get(`/api/prospections/${newest.id}`)).json()).toMatchObject({ extra: 'Aangepaste versie' });
});

test('signing out with a visit waiting warns first, then clears the outbox and the data kept for offline use', async ({
  page,
  context,
}) => {
  const shopId = 8;
  await openShopOnline(page, shopId);
  await page.goto(`/shop/${shopId}/prospections/new`);
  await goOffline(context, page);
  await fillVisit(page, 'Nooit verzonden');
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Afmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Afmelden?' });
  await expect(dialog).toContainText('Er wacht nog 1 item op verzending.');
  await dialog.getByRole('button', { name: 'Annuleren' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);

  // Back online but the visit still cannot get through: signing out is what loses it.
  await context.route(`**/api/shops/${shopId}/prospections`, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await dialog.getByRole('button', { name: 'Toch afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  await expect.poll(() => idbValue(page, 'prospectie:outbox:v1')).toBeUndefined();
  await expect.poll(() => persistedCache(page)).not.toContain('/visittypes');
});

test('a send whose connection drops can be left to the outbox with Later versturen, and goes out once the server is reachable', async ({
  page,
  context,
}) => {
  const shopId = 9;
  await openShopOnline(page, shopId);
  const before = await visitCount(page, shopId);
  await page.goto(`/shop/${shopId}/prospections/new`);
  await fillVisit(page, 'Met één streepje bereik');
  const route = `**/api/shops/${shopId}/prospections`;
  await context.route(route, (r) => (r.request().method() === 'POST' ? r.abort('internetdisconnected') : r.continue()));
  await page.getByRole('button', { name: 'Verzenden', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Geen verbinding met de server.' });
  await alert.getByRole('button', { name: 'Later versturen' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);

  await context.unroute(route);
  await expect(page.getByText('Je prospectie is verzonden.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(0);
  expect(await visitCount(page, shopId)).toBe(before + 1);
});

test('an expired session pauses the outbox until the rep signs in again, then the visit goes out', async ({ page, context }) => {
  const shopId = 11;
  await openShopOnline(page, shopId);
  const before = await visitCount(page, shopId);
  await page.goto(`/shop/${shopId}/prospections/new`);
  await goOffline(context, page);
  await fillVisit(page, 'Na opnieuw aanmelden');
  await page.getByRole('button', { name: 'Verzenden', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);

  // The session ends while the phone is offline.
  await context.clearCookies();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('demo@example.com');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Je prospectie is verzonden.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(0);
  expect(await visitCount(page, shopId)).toBe(before + 1);
});

test('a new shop registered offline waits on the device and is created once when back online', async ({ page, context }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto('/shop/new');
  const name = `Boetiek Zonder Bereik ${Date.now() % 100000}`;
  await page.getByLabel(/^Naam/).fill(name);
  const choose = async (label: RegExp, typed: string, option: RegExp) => {
    await page.getByRole('combobox', { name: label }).fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };
  await choose(/^Land/, 'Belg', /België/);
  await choose(/^Postcode/, '9000', /^9000$/);
  await goOffline(context, page);
  await page.getByRole('button', { name: 'Verzenden', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('1 item wacht op verbinding.')).toBeVisible();

  const registrations: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/shops/register')) registrations.push(r.headers()['idempotency-key']);
  });
  await context.setOffline(false);
  await expect(page.getByText(`De nieuwe winkel ${name} is verzonden.`)).toBeVisible();
  const shops = (await (await page.request.get('/api/shops')).json()) as { name: string }[];
  expect(shops.filter((s) => s.name === name.toUpperCase())).toHaveLength(1);
  expect(registrations).toHaveLength(1);
});

test.describe('before the service worker keeps the code', () => {
  // No service worker: the app's code that was not loaded yet cannot come offline, as on a first visit.
  test.use({ serviceWorkers: 'block' });

  test('a part or a screen whose code did not reach the device shows once the connection is back, not an error page', async ({
    page,
    context,
  }) => {
    // Opvolgen's code does not come through (a weak connection), and then the connection is gone.
    const followUpsCode = '**/assets/FollowUps-*.js';
    await page.route(followUpsCode, (route) => route.abort('internetdisconnected'));
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    // Something to follow up, so Home shows Opvolgen.
    const [brand] = (await (await page.request.get('/api/brands')).json()) as { id: number }[];
    const followUp = { status: 'interested', nextStep: 'Nieuwe collectie tonen', nextStepDate: '2026-01-05' };
    expect((await page.request.put(`/api/shops/15/pipeline/${brand.id}`, { headers: APP_HEADERS, data: followUp })).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Opvolgen' })).toHaveCount(0);
    await goOffline(context, page);
    await page.getByRole('banner').getByRole('link', { name: 'Agenda' }).click();
    await expect(page.getByRole('heading', { name: 'Niet beschikbaar zonder verbinding' })).toBeVisible();
    await expect(page.getByText('Dit scherm staat nog niet op dit toestel: het opent zodra er verbinding is.')).toBeVisible();

    // Back online: the screen she is on opens, and Home draws Opvolgen.
    await page.unroute(followUpsCode);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
    // With its own styles: the one asked for while offline failed, and comes again.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.styleSheets).every((sheet) => {
            try {
              return sheet.cssRules.length > 0;
            } catch {
              return false;
            }
          }),
        ),
      )
      .toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Opvolgen' })).toBeVisible();
    await expect(page.getByText('Nieuwe collectie tonen')).toBeVisible();
    await expect(page.getByText('Oeps, er ging iets mis')).toHaveCount(0);
  });
});

test('on a weak connection a shop page whose refresh fails keeps what it showed, under the notice with a retry', async ({
  page,
  context,
}) => {
  const shopId = 9;
  const name = await openShopOnline(page, shopId);
  // Online, but every answer about this shop fails.
  const failing = `**/api/shops/${shopId}**`;
  await context.route(failing, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Service Unavailable', code: 'database_unavailable', message: 'the database does not answer' }),
    }),
  );
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: 'De gegevens konden niet geladen worden.' });
  await expect(notice.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('link', { name: 'Nieuwe prospectie' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The connection is good again: the retry clears the notice.
  await context.unroute(failing);
  // Each notice has its own retry, and one that succeeds takes its button away: press whichever is left.
  const retry = page.getByRole('button', { name: 'Opnieuw proberen' });
  await expect(async () => {
    if ((await retry.count()) > 0) await retry.first().click({ timeout: 1_000 });
    await expect(notice).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the offline notice and a waiting visit fit 390 px without sideways scrolling', async ({ page, context }) => {
    const shopId = 10;
    await openShopOnline(page, shopId);
    await page.goto(`/shop/${shopId}/prospections/new`);
    await goOffline(context, page);
    await fillVisit(page, 'Op de gsm');
    await page.getByRole('button', { name: 'Verzenden', exact: true }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'Je bent offline.' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('offline-390.png'), fullPage: true });
  });

  test('offline, calendar months never opened say Niet beschikbaar zonder verbinding; the month opened before still shows', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    await page.getByRole('link', { name: 'Agenda' }).click();
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    await expect.poll(async () => (await persistedCache(page)).includes('appointments')).toBe(true);
    await reloadUnderServiceWorker(page);
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    await goOffline(context, page);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Volgende' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Niet beschikbaar zonder verbinding' });
    await expect(notice).toContainText('De afspraken van deze periode staan niet op dit toestel');
    await expect(page.getByText('Agenda wordt geladen...')).toHaveCount(0);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Vorige' }).click();
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('offline, a shop or visit never opened says Niet beschikbaar zonder verbinding, and the shop page never spins under a queued visit', async ({
    page,
    context,
  }) => {
    const shopId = 11;
    const neverOpened = 12;
    await openShopOnline(page, shopId);
    const [visit] = (await (await page.request.get(`/api/shops/${neverOpened}/prospections?limit=1`)).json()) as { id: number }[];
    await reloadUnderServiceWorker(page);
    await goOffline(context, page);

    const spinner = page.getByRole('status').filter({ hasText: /wordt geladen|worden geladen/ });
    await page.goto(`/shop/${neverOpened}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Niet beschikbaar zonder verbinding' })).toBeVisible();
    await expect(page.getByText('Deze winkel staat niet op dit toestel')).toBeVisible();
    // What is available offline, and the way there.
    await expect(page.getByText(/Wat je eerder met verbinding opende, staat op dit toestel/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Kruimelpad' })).toContainText('Niet beschikbaar');
    await expect(spinner).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    if (visit) {
      await page.goto(`/shop/${neverOpened}/prospections/${visit.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Niet beschikbaar zonder verbinding' })).toBeVisible();
      await expect(page.getByText('Deze prospectie staat niet op dit toestel')).toBeVisible();
    }

    // A visit sent offline: the shop page shows it waiting, and what it cannot show says so instead of spinning.
    await page.goto(`/shop/${shopId}/prospections/new`);
    await fillVisit(page, 'Zonder bereik verzonden');
    await page.getByRole('button', { name: 'Verzenden', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
    await expect(page.getByRole('listitem').filter({ hasText: 'Wacht op verbinding' })).toHaveCount(1);
    await page.waitForTimeout(2_000);
    await expect(spinner).toHaveCount(0);
    await page.goto(`/shop/${shopId}/prospections`);
    await expect(page.getByRole('heading', { level: 1, name: 'Prospecties' })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(spinner).toHaveCount(0);
    await expect(page.getByText(/Niet beschikbaar zonder verbinding|Geen prospecties beschikbaar|Prospectie van/).first()).toBeVisible();
  });
});
