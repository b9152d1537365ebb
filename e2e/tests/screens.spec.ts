// The rep's screens end to end, on a desktop window and on a 390 px phone: Home and its shop search, shop detail,
// visit overview and detail, a new shop found again from Home, the unsaved-changes dialog, and the sample report.
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn, transitionsEnded } from './helpers';

interface ShopListItem {
  id: number;
  name: string;
  city: string | null;
  customer: string | null;
}
interface ShopProspection {
  id: number;
  visitDate: string;
  visitTypeName: string;
  employeeName: string;
}
interface Todo {
  toDoId: number;
  name: string;
  employees: { id: number; name: string }[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const dayFirst = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('/');

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** Nothing may scroll sideways, at any width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectScreenIsClean(page: Page) {
  await expectNoSidewaysScroll(page);
  // Colours are judged at rest: a button caught in its colour transition read as too little contrast.
  await transitionsEnded(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** A seeded shop with at least four visits, one of which has a to-do with assignees. */
async function shopWithVisitsAndTodos(page: Page) {
  const shops = await getJson<ShopListItem[]>(page, '/api/shops');
  for (const shop of shops) {
    const visits = await getJson<ShopProspection[]>(page, `/api/shops/${shop.id}/prospections`);
    if (visits.length < 4) continue;
    for (const visit of visits) {
      const todos = await getJson<Todo[]>(page, `/api/prospections/${visit.id}/todos`);
      const todo = todos.find((t) => t.employees.length > 0);
      if (todo) return { shop, visits, visit, todo };
    }
  }
  throw new Error('the demo seed has no shop with visits and assigned to-dos');
}

async function chooseInSelect(page: Page, label: RegExp, typed: string, option: RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const viewports = [
  { label: 'desktop', viewport: { width: 1280, height: 900 }, email: 'demo@example.com', firstName: 'Sofie', suffix: 'D' },
  { label: 'phone', viewport: { width: 390, height: 844 }, email: 'collega@example.com', firstName: 'Jan', suffix: 'P' },
];

test.describe('Home shop search on a touch phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('says Laden... until the shops arrive, then a tap on a row opens that shop', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/shops', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page);
    const search = page.getByRole('combobox', { name: 'Zoek een winkel op naam, stad of klant' });
    await expect(search).toHaveAttribute('aria-busy', 'true');
    await search.tap();
    // In the list (Downshift's live region says it too, for screen readers).
    await expect(page.locator('.shop-combobox').getByText('Laden...')).toBeVisible();

    release();
    await expect(search).not.toHaveAttribute('aria-busy', 'true');
    const option = page.getByRole('option').nth(1);
    await expect(option).toBeVisible();
    const name = (await option.locator('span').first().textContent())!;
    await option.tap();
    await expect(page).toHaveURL(/\/shop\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});

for (const { label, viewport, email, firstName, suffix } of viewports) {
  test.describe(`rep screens on ${label} (${viewport.width}px)`, () => {
    test.use({ viewport });

    test('Home greets the rep, searches shops by name, city and customer, and opens the chosen shop', async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Winkel niet gevonden?' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nieuwe winkel toevoegen' })).toHaveAttribute('href', '/shop/new');
      await expect(page.getByRole('link', { name: 'Voorbeeldrapport schrijven' })).toHaveAttribute('href', '/prospectionreport/new');
      await expectScreenIsClean(page);

      const shops = await getJson<ShopListItem[]>(page, '/api/shops');
      const shop = shops.find((s) => s.city && s.customer)!;
      const search = page.getByRole('combobox', { name: 'Zoek een winkel op naam, stad of klant' });

      // The menu is virtualised: with hundreds of shops only a handful of 50 px rows exist at a time.
      await expect(search).toHaveAttribute('placeholder', 'Kies...');
      await search.click();
      await expect(search).toHaveAttribute('aria-expanded', 'true');
      const listbox = page.getByRole('listbox', { name: 'Zoek een winkel op naam, stad of klant' });
      await expect(listbox.getByRole('option').first()).toBeVisible();
      expect(await listbox.getByRole('option').count()).toBeLessThan(20);
      const menuHeight = await listbox.evaluate((el) => el.getBoundingClientRect().height);
      expect(menuHeight).toBeLessThanOrEqual(200);
      // Each row: the name, and below it the city and the customer (or N/A).
      const first = shops[0];
      await expect(listbox.getByRole('option').first()).toHaveText(
        first.name + ([first.city, first.customer].filter(Boolean).join(' · ') || 'N/A'),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Keyboard: the highlighted row is scrolled into view even though it was not rendered before.
      for (let i = 0; i < 6; i++) await search.press('ArrowDown');
      const sixth = page.getByRole('option', { name: new RegExp(escape(shops[6].name)) });
      await expect(sixth).toBeInViewport();
      await expect(sixth).toHaveAttribute('aria-selected', 'true');
      await expect(search).toHaveAttribute('aria-activedescendant', (await sixth.getAttribute('id'))!);
      await search.press('Escape');
      await expect(listbox).toBeHidden();
      await expect(search).toHaveAttribute('aria-expanded', 'false');

      await search.fill(shop.customer!.toLowerCase());
      await expect(page.getByRole('option', { name: new RegExp(escape(shop.name)) }).first()).toBeVisible();
      await search.fill(shop.city!.toUpperCase());
      for (const option of await page.getByRole('option').all()) await expect(option).toContainText(shop.city!);
      await search.fill('zzzz geen winkel');
      await expect(page.getByText('Geen resultaten')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Wissen' }).click();
      await expect(search).toHaveValue('');
      await expect(search).toBeFocused();

      // Enter opens the first shop that matches, as the list shows it.
      await search.pressSequentially(shop.name);
      const firstMatch = (await page.getByRole('option').first().locator('span').first().textContent())!;
      await search.press('Enter');
      await expect(page).toHaveURL(/\/shop\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: firstMatch })).toBeVisible();

      await page.goBack();
      await chooseInSelect(page, /Zoek een winkel/, shop.name, new RegExp(escape(shop.name)));
      await expect(page).toHaveURL(new RegExp(`/shop/${shop.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
    });

    test('shop detail shows the card, the 3 latest visits, the overview and a visit with its to-dos and assignees', async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      const { shop, visits, visit, todo } = await shopWithVisitsAndTodos(page);

      await page.goto(`/shop/${shop.id}`);
      await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
      // The card's fields ('Klant' is also a status under Merken van FC70).
      const card = page.locator('dl').first();
      await expect(card.getByText('Klant', { exact: true })).toBeVisible();
      await expect(card.getByText('Adres', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nieuwe prospectie' })).toHaveAttribute('href', `/shop/${shop.id}/prospections/new`);
      const recent = page.locator(`a[href^="/shop/${shop.id}/prospections/"]:not([href$="/new"])`);
      await expect(recent).toHaveCount(3);
      for (const [i, v] of visits.slice(0, 3).entries()) {
        await expect(recent.nth(i)).toHaveAttribute('href', `/shop/${shop.id}/prospections/${v.id}`);
        await expect(recent.nth(i)).toContainText(dayFirst(v.visitDate));
        await expect(recent.nth(i)).toContainText(v.visitTypeName);
        await expect(recent.nth(i)).toContainText(v.employeeName);
      }
      await expectScreenIsClean(page);

      await page.getByRole('link', { name: 'Alle prospecties' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Prospecties' })).toBeVisible();
      await expect(page.locator('main li a')).toHaveCount(visits.length);
      await expect(page.locator('main li a').first()).toContainText(dayFirst(visits[0].visitDate));
      await expectScreenIsClean(page);

      await page.locator(`main a[href="/shop/${shop.id}/prospections/${visit.id}"]`).click();
      await expect(page.getByRole('heading', { level: 1, name: /Prospectie/ })).toBeVisible();
      for (const section of ['Info', 'FC70 brands', 'Andere brands', 'Algemene situatie', 'FC70 interesses', 'Feedback', 'Opvolging']) {
        await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
      }
      await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).getByText('Detail')).toHaveAttribute('aria-current', 'page');
      const followUp = page.getByRole('region', { name: 'Opvolging' });
      await expect(followUp.getByText(todo.name, { exact: true }).first()).toBeVisible();
      await expect(followUp).toContainText(`Toegewezen aan: ${todo.employees.map((e) => e.name).join(', ')}`);
      await expectScreenIsClean(page);

      await page.getByRole('link', { name: 'Terug naar het overzicht' }).click();
      await expect(page).toHaveURL(new RegExp(`/shop/${shop.id}/prospections$`));
      await page.getByRole('link', { name: 'Terug naar de winkel' }).click();
      await expect(page).toHaveURL(new RegExp(`/shop/${shop.id}$`));
    });

    test('a missing shop says so, and a shop without visits shows the empty text', async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      await page.goto('/shop/2147483000');
      await expect(page.getByRole('heading', { name: 'Winkel niet gevonden' })).toBeVisible();

      const shops = await getJson<ShopListItem[]>(page, '/api/shops');
      let empty: ShopListItem | undefined;
      for (const shop of shops) {
        if ((await getJson<ShopProspection[]>(page, `/api/shops/${shop.id}/prospections?limit=1`)).length === 0) {
          empty = shop;
          break;
        }
      }
      expect(empty).toBeDefined();
      await page.goto(`/shop/${empty!.id}/prospections`);
      await expect(page.getByText('Geen prospecties beschikbaar.')).toBeVisible();
      await expectScreenIsClean(page);
    });

    test('a new shop is checked in the spec’s order, created once, and found again from Home', async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      await page.getByRole('link', { name: 'Nieuwe winkel toevoegen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe winkel' })).toBeVisible();
      await expect(page.getByPlaceholder('Naam...')).toBeVisible();
      await expect(page.getByPlaceholder('Bus A...')).toBeVisible();
      await expectScreenIsClean(page);

      const submit = page.getByRole('button', { name: 'Verzenden' });
      const banner = page.getByRole('alert');
      await submit.click();
      await expect(banner).toContainText('Geen geldige naam.');
      await banner.getByRole('button', { name: 'Sluiten' }).click();
      await expect(banner).toHaveCount(0);

      const name = `Boetiek Proef ${suffix} ${Date.now() % 100000}`;
      await page.getByLabel(/^Naam/).fill(name);
      await submit.click();
      await expect(banner).toContainText('Geen geldig land geselecteerd.');

      await chooseInSelect(page, /^Land/, 'Luxem', /Luxemburg/);
      await expect(
        page.getByText('Het is momenteel niet mogelijk om een winkel toe te voegen voor dit land. Contacteer IT.').first(),
      ).toBeVisible();

      await chooseInSelect(page, /^Land/, 'Belg', /België/);
      await submit.click();
      await expect(banner).toContainText('Geen geldige stad geselecteerd.');

      await chooseInSelect(page, /^Postcode/, '9000', /^9000$/);
      await expect(page.locator('.new-shop').getByText('Gent', { exact: true })).toBeVisible();
      await page.getByLabel('Straat').fill('Korenmarkt');
      await page.getByLabel('Huisnummer').fill('12');
      await page.getByLabel('Toevoeging').fill('A');
      await expectScreenIsClean(page);

      const registrations: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/shops/register')) registrations.push(r.headers()['idempotency-key'] ?? '');
      });
      await submit.click();
      await expect(page).toHaveURL(/\/shop\/\d+$/);
      expect(registrations).toHaveLength(1);
      expect(registrations[0]).toMatch(/^[0-9a-f-]{36}$/);
      const shopUrl = page.url();
      await expect(page.getByRole('heading', { level: 1, name: name.toUpperCase() })).toBeVisible();
      await expect(page.getByText('KORENMARKT 12 / A, Gent, België')).toBeVisible();
      await expect(page.getByText('Geen prospecties beschikbaar.')).toBeVisible();

      // Leaving needs no confirmation once the shop is saved, and Home lists it right away.
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      await chooseInSelect(page, /Zoek een winkel/, name.slice(-5), new RegExp(escape(name.toUpperCase())));
      await expect(page).toHaveURL(shopUrl);
    });

    test('leaving /shop/new with something typed asks first, and staying keeps the text', async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      await page.goto('/shop/new');
      await page.getByLabel(/^Naam/).fill('Half ingevuld');
      await page.getByRole('link', { name: 'Agenda' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pagina verlaten?' });
      await expect(dialog).toContainText('Niet-opgeslagen wijzigingen zullen verloren gaan. Toch verdergaan?');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Blijven' }).last().click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/shop\/new$/);
      await expect(page.getByLabel(/^Naam/)).toHaveValue('Half ingevuld');

      await page.getByRole('link', { name: 'Agenda' }).click();
      await dialog.getByRole('button', { name: 'Verdergaan' }).click();
      await expect(page).toHaveURL(/\/agenda$/);
    });

    test('the sample report is written, saved, edited and updated with notices on the page', async ({ page }) => {
      await signIn(page, email);
      await page.getByRole('link', { name: 'Voorbeeldrapport schrijven' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Prospectie Voorbeeld Rapport' })).toBeVisible();
      await expect(page.getByText('Nog geen rapport beschikbaar.')).toBeVisible();
      await expectScreenIsClean(page);

      page.on('dialog', () => {
        throw new Error('the report page must not use blocking alert() boxes');
      });
      await page.getByRole('button', { name: 'Nieuw rapport' }).click();
      const text = page.getByPlaceholder('Typ hier je prospectierapport...');
      await text.fill(`Bezoek bij ${firstName}: brandmix, sellout en opvolging.`);
      await expectScreenIsClean(page);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.getByRole('alert')).toContainText('Nieuw rapport aangemaakt!');
      await expect(page.getByText(`Bezoek bij ${firstName}: brandmix, sellout en opvolging.`)).toBeVisible();
      await expectScreenIsClean(page);

      await page.getByRole('button', { name: 'Bewerk rapport' }).click();
      await expect(text).toHaveValue(`Bezoek bij ${firstName}: brandmix, sellout en opvolging.`);
      await text.fill('Bijgewerkt voorbeeld.\nTweede regel.');
      await page.getByRole('button', { name: 'Bijwerken' }).click();
      await expect(page.getByRole('alert')).toContainText('Rapport geüpdatet!');
      await page.getByRole('alert').getByRole('button', { name: 'Sluiten' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);

      await page.reload();
      await expect(page.getByTestId('report-content')).toHaveText('Bijgewerkt voorbeeld.\nTweede regel.');
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Winkel niet gevonden?' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voorbeeldrapport schrijven' })).toHaveCount(0);
    });
  });
}
