// Where a rep lands when the address leads nowhere: a shop or visit that does not exist, an address that
// cannot be read, an account without an employee. Each says so in Dutch at once and offers the way on.
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn } from './helpers';

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Kruimelpad' });

/** Counts the page's requests whose path is exactly `path`. */
function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r.url());
  });
  return seen;
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a shop that does not exist says so at once, without asking the server twice, and offers Home', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    const asked = countRequests(page, '/api/shops/2147483000');
    await page.goto('/shop/2147483000');
    await expect(page.getByRole('heading', { level: 1, name: 'Winkel niet gevonden' })).toBeVisible();
    // The breadcrumb says it too, instead of '…' forever.
    await expect(crumbs(page).getByText('Winkel niet gevonden')).toHaveAttribute('aria-current', 'page');
    await expect(crumbs(page)).not.toContainText('…');
    // A retry would come a second after the 404; nothing comes.
    await page.waitForTimeout(1_500);
    expect(asked).toHaveLength(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  });

  test('a visit that does not exist says so at once, without asking the server twice, and offers Home', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    const asked = countRequests(page, '/api/prospections/2147483000');
    await page.goto('/shop/1/prospections/2147483000');
    await expect(page.getByRole('heading', { level: 1, name: 'Prospectie niet gevonden' })).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(asked).toHaveLength(1);
    await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  });

  test('an address with a malformed escape shows the Dutch Fout page, not an English error screen', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    for (const path of ['/shop/%E0%A4%A', '/bestaat%E0%A4%A/niet']) {
      // Inside the app (a link, the back button, the service worker's copy of the page): the server itself
      // answers a fresh load of such an address with its own 400.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('heading', { name: 'Fout' }), path).toBeVisible();
      await expect(page.getByText('Oeps, er ging iets mis. Probeer opnieuw in te loggen of probeer het later opnieuw.')).toBeVisible();
      await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toBeVisible();
    }
  });

  test('/home reads Index › Home', async ({ page }) => {
    await signIn(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    await expect(crumbs(page).getByRole('listitem')).toHaveText(['Index', 'Home']);
    await expect(crumbs(page).getByText('Home')).toHaveAttribute('aria-current', 'page');
  });

  test('an account without an employee sees only Gebruiker niet gevonden and a way to sign out, on every path', async ({ page }) => {
    await signIn(page, 'geen.medewerker@example.com');
    const message = page.getByText('Gebruiker niet gevonden. Probeer opnieuw aan te melden.');
    await expect(message).toBeVisible();
    for (const path of [
      '/',
      '/home',
      '/agenda',
      '/prospectionreport/new',
      '/taken',
      '/shop/new',
      '/shop/5',
      '/shop/5/prospections',
      '/shop/5/prospections/new',
      '/bestaat/niet',
    ]) {
      await page.goto(path);
      await expect(message, path).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Agenda' }), path).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Voorbeeldrapport' }), path).toHaveCount(0);
      await expect(header.getByRole('link', { name: /Mijn taken/ }), path).toHaveCount(0);
      await expect(header.getByRole('button', { name: 'Terug' }), path).toHaveCount(0);
      await expect(crumbs(page), path).toHaveCount(0);
      // Nothing of the screen at that path: only the message and the way out.
      await expect(page.getByRole('main').getByRole('heading'), path).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('textbox'), path).toHaveCount(0);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  });
});
