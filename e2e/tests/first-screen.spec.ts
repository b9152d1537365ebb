// The first screen the server writes for a signed-in Home and a shop's page (decision 073): drawn before the app's code
// has run, not usable until the app takes over, and the same as the app's own (greeting, her open to-dos, Vandaag, the
// cards under it, each in the same place; a shop's name); the app reads its first answers from the page instead of
// asking the server; a signed-out request gets nobody's data.
import { brusselsToday } from '@prospectie/contract/dates';
import { expect, test } from './servers';
import { APP_HEADERS, signIn } from './helpers';

/**
 * Waits for the page's style sheets: the browser paints nothing before they are in, but a script that measures before
 * then (as a loaded host allows) reads the page unstyled, where nobody will ever see it.
 */
const styled = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet));

/** What the first screen says, in the order a reader meets it. */
const shown = (root: import('@playwright/test').Locator) =>
  root.evaluate((el) => {
    const text = (selector: string) =>
      Array.from(el.querySelectorAll(selector), (e) => e).map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());
    return {
      greeting: text('h1'),
      crumbs: text('.breadcrumb-item'),
      header: text('.app-header .header-label'),
      todos: text('.alert-info > span'),
      today: text(['> h2', '> ul > li', '> p'].map((child) => `section[aria-labelledby="today-plan-title"] ${child}`).join(', ')),
      cards: text(
        'main section.card > h2, main section.card > p, section[aria-labelledby="due-shops-title"] li, section[aria-labelledby="follow-ups-title"] li',
      ),
      // Where each card is: a card that moved when the app took over is a jump she sees.
      places: Array.from(el.querySelectorAll('main section.card'), (e) => {
        const box = e.getBoundingClientRect();
        return `${e.getAttribute('aria-labelledby')} ${Math.round(box.top)} ${Math.round(box.height)}`;
      }),
    };
  });

test("the server writes a signed-in rep's Home as the app draws it, and the app takes over without asking again", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  // Something in Vandaag, one with a shop and one without, for both to draw.
  const today = brusselsToday();
  for (const data of [
    { clientId: crypto.randomUUID(), name: 'Eerste stop', shopId: 1, startDate: `${today}T22:00`, endDate: `${today}T22:30` },
    { clientId: crypto.randomUUID(), name: 'Laatste <overleg> & co.', startDate: `${today}T23:00`, endDate: `${today}T23:30` },
  ]) {
    expect((await page.request.post('/api/appointments', { headers: APP_HEADERS, data })).status()).toBe(201);
  }
  // And something to follow up (Opvolgen), planned for yesterday.
  const [brand] = (await (await page.request.get('/api/brands')).json()) as { id: number }[];
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const followUp = { status: 'interested', nextStep: 'Staalkaart <nieuw> tonen', nextStepDate: yesterday };
  expect((await page.request.put(`/api/shops/14/pipeline/${brand.id}`, { headers: APP_HEADERS, data: followUp })).status()).toBe(200);

  // The page as the server sends it: the app's code held back, nothing asked of the API.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto('/', { waitUntil: 'commit' });
  // Counted from the new page on: the Home opened at sign-in may still be asking (a loaded host), and its code is held
  // back here, so the new page asks nothing before its release.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  expect(response!.headers()['cache-control']).toBe('no-store');
  expect(response!.headers()['vary']).toMatch(/\bCookie\b/);
  const root = page.locator('#root');
  await expect(root.locator('h1')).toHaveText('Welkom, Sofie!');
  await expect(root).toHaveAttribute('inert', '');
  await expect(root).toHaveAttribute('aria-busy', 'true');
  await styled(page);
  const written = await shown(root);
  expect(written.today[0]).toBe('Vandaag');
  expect(written.today.some((item) => item.startsWith('22:00–22:30Eerste stop') && item.endsWith('Start bezoek'))).toBe(true);
  expect(written.today.some((item) => item === '23:00–23:30Laatste <overleg> & co.Geen winkel gekoppeld')).toBe(true);
  expect(written.cards).toContain('Opvolgen');
  expect(written.cards.some((item) => item.includes('Staalkaart <nieuw> tonen') && item.includes('Geïnteresseerd'))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('written.png') });

  // The app has started: its own Home, usable, saying the same.
  release();
  await expect(root).not.toHaveAttribute('inert');
  await expect(root).not.toHaveAttribute('aria-busy');
  await expect(page.locator('#shop-select[role="combobox"]')).toBeVisible();
  expect(await shown(root)).toEqual(written);
  // Who is signed in, Vandaag, Te bezoeken and her to-dos came with the page.
  for (const p of ['/api/me', '/api/me/today', '/api/me/due-shops', '/api/pipeline/follow-ups']) expect(asked, p).not.toContain(p);
  expect(asked.filter((p) => p.startsWith('/api/prospectionreport/'))).toEqual([]);
  expect(asked.filter((p) => /^\/api\/employees\/\d+\/todos$/.test(p))).toEqual([]);
  await page.getByRole('link', { name: 'Nieuwe winkel toevoegen' }).click();
  await expect(page).toHaveURL(/\/shop\/new$/);
});

test("the server writes a shop page's top as the app draws it", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/shop/1', { waitUntil: 'commit' });
  const root = page.locator('#root');
  await expect(root.locator('h1')).toBeVisible();
  await expect(root).toHaveAttribute('inert', '');
  await styled(page);
  const written = {
    name: await root.locator('h1').textContent(),
    top: (await root.locator('h1').boundingBox())!.y,
    crumbs: await root.locator('.breadcrumb-item').allTextContents(),
  };
  release();
  await expect(root).not.toHaveAttribute('inert');
  await expect(page.getByRole('link', { name: 'Nieuwe prospectie' })).toBeVisible();
  expect({
    name: await root.locator('h1').textContent(),
    top: (await root.locator('h1').boundingBox())!.y,
    crumbs: await root.locator('.breadcrumb-item').allTextContents(),
  }).toEqual(written);
});

test('a signed-out request, or one after signing out, gets the app without anybody’s data', async ({ page, request }) => {
  const anonymous = await request.get('/');
  expect(anonymous.status()).toBe(200);
  const html = await anonymous.text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('first-answers');
  expect(html).not.toContain('Sofie');

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  expect(await (await page.request.get('/')).text()).toContain('Welkom, Sofie!');
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  const after = await (await page.request.get('/')).text();
  expect(after).not.toContain('Sofie');
  expect(after).not.toContain('first-answers');
});
