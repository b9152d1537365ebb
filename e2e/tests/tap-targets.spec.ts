// Thumb-sized targets on a phone: at 390 px, every tappable element of every screen is at
// least 44 px high, measured on its own box or, for a checkbox or a select's input, on the box that carries it
// (its label row, the select's control). axe's target-size rule only asks 24 px.
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { next, signIn, smallTapTargets, stepHeading, transitionsEnded } from './helpers';

async function expectThumbSized(page: Page, screen: string) {
  // Measured once transitions are over (a cancelled one is over too).
  await transitionsEnded(page);
  // Soft: one run lists the small targets of every screen.
  expect.soft(await smallTapTargets(page), screen).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${screen.replace(/\W+/g, '-')}.png`) });
}

test.describe('tap targets on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every tappable element of every screen is at least 44 px high', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
    await expectThumbSized(page, 'sign-in');

    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Zoek een winkel/ })).toBeEnabled();
    await expectThumbSized(page, 'Home');
    await page.getByRole('combobox', { name: /Zoek een winkel/ }).tap();
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectThumbSized(page, 'Home with the shop list open');

    // A shop with visits, its visits, one visit.
    const shops = (await (await page.request.get('/api/shops')).json()) as { id: number }[];
    let shopId = shops[0].id;
    let visits: { id: number }[] = [];
    for (const shop of shops.slice(0, 20)) {
      visits = (await (await page.request.get(`/api/shops/${shop.id}/prospections?limit=1`)).json()) as { id: number }[];
      if (visits.length) {
        shopId = shop.id;
        break;
      }
    }
    await page.goto(`/shop/${shopId}`);
    await expect(page.getByRole('link', { name: 'Nieuwe prospectie' })).toBeVisible();
    await expect(page.getByText('Prospecties worden geladen...')).toHaveCount(0);
    await expectThumbSized(page, 'shop');
    await page.goto(`/shop/${shopId}/prospections`);
    await expect(page.getByRole('link', { name: 'Terug naar de winkel' })).toBeVisible();
    await expect(page.getByText('Prospecties worden geladen...')).toHaveCount(0);
    await expectThumbSized(page, 'visits');
    await page.goto(`/shop/${shopId}/prospections/${visits[0].id}`);
    await expect(page.getByRole('link', { name: 'Terug naar het overzicht' })).toBeVisible();
    await expectThumbSized(page, 'visit');

    // The wizard's first step, with its Klopt checkboxes.
    await page.goto(`/shop/${shopId}/prospections/new`);
    await expect(page.getByRole('heading', { name: /^Stap 1 van 7/ })).toBeVisible();
    await page.getByLabel('Type contact').selectOption({ label: 'Eigenaar' });
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expect(page.getByText('Contactinformatie wordt geladen...')).toHaveCount(0);
    await expectThumbSized(page, 'wizard step 1');
    // Every further step, with only what each needs to go on (the contact type back to one without ticks).
    await page.getByLabel('Type contact').selectOption('4');
    for (let step = 2; step <= 6; step++) {
      await next(page);
      await expectThumbSized(page, `wizard step ${step}`);
    }
    await page.getByLabel(/Trends en noden in de markt/).fill('Vraag naar basics');
    await page.getByLabel(/Extra opmerkingen\/feedback/).fill('Niets extra');
    await next(page);
    await expect(stepHeading(page, 7, 'Opvolging')).toBeVisible();
    await expectThumbSized(page, 'wizard step 7');
    await page.getByRole('button', { name: 'Voeg item toe' }).tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectThumbSized(page, 'wizard, new to-do');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/shop/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe winkel' })).toBeVisible();
    await expectThumbSized(page, 'new shop');

    await page.goto('/agenda');
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    await expectThumbSized(page, 'calendar list');
    await page.getByRole('button', { name: 'Maand', exact: true }).tap();
    await expect(page.locator('.fc-dayGridMonth-view .fc-event').first()).toBeVisible();
    await expectThumbSized(page, 'calendar month');
    await page.getByRole('button', { name: 'Dag', exact: true }).tap();
    await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
    await expectThumbSized(page, 'calendar day');

    await page.goto('/prospectionreport/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Prospectie Voorbeeld Rapport' })).toBeVisible();
    await expect(page.getByText('Rapport wordt geladen...')).toHaveCount(0);
    await expectThumbSized(page, 'sample report');
    await page.getByRole('button', { name: /Nieuw rapport|Bewerk rapport/ }).tap();
    await expectThumbSized(page, 'sample report, writing');

    await page.goto('/taken');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn taken' })).toBeVisible();
    await expectThumbSized(page, 'Mijn taken');

    await page.goto('/bestaat/niet');
    await expect(page.getByRole('heading', { name: 'Fout' })).toBeVisible();
    await expectThumbSized(page, 'Fout');
    await page.goto('/shop/2147483000');
    await expect(page.getByRole('heading', { name: 'Winkel niet gevonden' })).toBeVisible();
    await expectThumbSized(page, 'shop not found');
  });
});

test('header buttons show their label on a wide screen and keep an accessible name on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const header = page.getByRole('banner');
  /** How wide each header button's label is drawn (a visually hidden one is 1 px). */
  const labelWidths = () =>
    header
      .locator('.header-button')
      .evaluateAll((buttons) =>
        buttons.map(
          (b) => [b.textContent?.trim(), Math.round(b.querySelector('.header-label')?.getBoundingClientRect().width ?? 0)] as const,
        ),
      );
  const wide = await labelWidths();
  expect(wide.map(([name]) => name)).toEqual([
    'Home',
    'Agenda',
    'Kaart',
    'Voorbeeldrapport',
    expect.stringMatching(/^Mijn taken/),
    'Afmelden',
  ]);
  for (const [name, width] of wide) expect(width, name).toBeGreaterThan(20);

  await page.screenshot({ path: test.info().outputPath('header-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, width] of await labelWidths()) expect(width, name).toBeLessThanOrEqual(1);
  for (const name of ['Home', 'Agenda', 'Kaart', 'Voorbeeldrapport'])
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Afmelden' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Mijn taken/ })).toBeVisible();
});
