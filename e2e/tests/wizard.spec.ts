// The new-prospection wizard end to end: a full visit, every validation message, the draft, a cut network, a phone.
import { expect, test } from './servers';
import { fillRequiredAndGoToOpvolging, next, seriousAxeViolations, signIn, stepHeading } from './helpers';
import { expectSavedVisit, pick, prospectionCount, recordFullVisit } from './fullVisit';

test('a rep records a full visit through all seven steps, meets every validation message, and every value is saved', async ({ page }) => {
  const visit = await recordFullVisit(page);
  await expectSavedVisit(page, visit);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same full visit works at 390 px wide without sideways scrolling', async ({ page }) => {
    const visit = await recordFullVisit(page);
    await expectSavedVisit(page, visit);
  });
});

test('a reload mid-wizard offers the draft and restores it; leaving keeps it without asking; starting over clears it', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto('/shop/2/prospections/new');
  await page.getByLabel('Reden van het bezoek').fill('Kennismaking');
  await next(page);
  await pick(page, 'Concurrerende brands', 'Vila');
  await page.getByLabel('Nieuwe brands').fill('Studio Zand');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Niet-verzonden prospectie gevonden' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Doorgaan met je concept' }).click();
  await expect(stepHeading(page, 2, 'Brandmix')).toBeVisible();
  await expect(page.getByLabel('Nieuwe brands')).toHaveValue('Studio Zand');
  await expect(page.getByText('Vila', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Vorige' }).click();
  await expect(page.getByLabel('Reden van het bezoek')).toHaveValue('Kennismaking');

  // Leaving loses nothing, so it asks nothing; the page said the input is kept (docs/decisions/013-leave-question.md).
  await expect(page.getByText('Je invoer wordt bewaard op dit toestel tot je verzendt.')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await expect(page.getByText('Niet-opgeslagen wijzigingen zullen verloren gaan. Toch verdergaan?')).toHaveCount(0);
  await page.goto('/shop/2/prospections/new');
  await expect(page.getByRole('heading', { name: 'Niet-verzonden prospectie gevonden' })).toBeVisible();
  await page.getByRole('button', { name: 'Opnieuw beginnen' }).click();
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await expect(page.getByLabel('Reden van het bezoek')).toHaveValue('');
  await page.reload();
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Doorgaan met je concept' })).toHaveCount(0);
});

test('a network cut during submit keeps the form; the retry reuses the key and saves exactly one prospection', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const shopId = 3;
  const before = await prospectionCount(page, shopId);
  await page.goto(`/shop/${shopId}/prospections/new`);
  await page.getByLabel('Reden van het bezoek').fill('Opvolging bestelling');
  await fillRequiredAndGoToOpvolging(page);

  // The request reaches the server and is saved, but the answer is lost on the way back.
  const keys: string[] = [];
  await page.route(`**/api/shops/${shopId}/prospections`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key']);
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Verzenden' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Geen verbinding met de server.');
  await expect(stepHeading(page, 7, 'Opvolging')).toBeVisible();
  await page.unroute(`**/api/shops/${shopId}/prospections`);

  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/shops/${shopId}/prospections`))
      keys.push(request.headers()['idempotency-key']);
  });
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(await prospectionCount(page, shopId)).toBe(before + 1);
});

test('while sending the button says Verzenden... and is disabled; a failure shows the message with a close button', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto('/shop/4/prospections/new');
  await fillRequiredAndGoToOpvolging(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/shops/4/prospections', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Internal Server Error', message: 'boom' }),
    });
  });
  await page.getByRole('button', { name: 'Verzenden' }).click();
  const busy = page.getByRole('button', { name: 'Verzenden...' });
  await expect(busy).toBeDisabled();
  release();
  const alert = page.getByRole('alert').filter({ hasText: 'Er ging iets mis bij het verzenden. Probeer het later opnieuw.' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verzenden' })).toBeEnabled();
  await alert.getByRole('button', { name: 'Sluiten' }).click();
  await expect(alert).toBeHidden();
  await page.getByRole('button', { name: 'Vorige' }).click();
  await expect(page.getByLabel(/Extra opmerkingen\/feedback/)).toHaveValue('Niets extra');
});

// Only an employee reaches the app, so such an account never opens the wizard
// (every path is checked in wayfinding.spec.ts).
test('an account without an employee is told to sign in again and gets no wizard to type in', async ({ page }) => {
  await signIn(page, 'geen.medewerker@example.com');
  await expect(page.getByText('Gebruiker niet gevonden. Probeer opnieuw aan te melden.')).toBeVisible();
  await page.goto('/shop/5/prospections/new');
  await expect(page.getByText('Gebruiker niet gevonden. Probeer opnieuw aan te melden.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Stap \d van 7/ })).toHaveCount(0);
});
