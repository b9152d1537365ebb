// The visit wizard on a phone (390 px), as a rep in a shop meets it: limits and messages, pinned buttons,
// step circles, the back button, the word after sending, leaving and signing out with a draft.
import { expect, test } from './servers';
import { fillRequiredAndGoToOpvolging as toOpvolging, next, openWizard, signIn, stepHeading } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('every field holds the server limit, and a blocked Volgende marks the field and says why in Dutch', async ({ page }) => {
  await openWizard(page, 11);
  const name = page.getByRole('textbox', { name: /^Naam contactpersoon/ });
  await name.fill('n'.repeat(250));
  await expect(name).toHaveValue('n'.repeat(200));
  await expect(page.getByRole('textbox', { name: /^Telefoon contactpersoon/ })).toHaveAttribute('maxlength', '50');
  await expect(page.getByText('0/500 tekens')).toBeVisible();

  // A visit date after today is refused on Info, in Dutch, on the field.
  const date = page.getByLabel(/Datum bezoek/);
  await date.fill('2031-05-05');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('alert')).toHaveText('De datum van het bezoek kan niet na vandaag liggen.');
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  const today = await date.getAttribute('max');
  await date.fill(today!);
  await next(page);

  await next(page);
  await next(page);
  await expect(stepHeading(page, 4, 'FC70')).toBeVisible();
  const brands = (await (await page.request.get('/api/brands')).json()) as { name: string }[];
  await page.getByLabel('FC70 brands in de winkel', { exact: true }).fill(brands[0].name);
  await page.getByRole('option', { name: brands[0].name, exact: true }).click();
  const sellout = page.getByRole('textbox', { name: `Sellout van ${brands[0].name} (%)` });
  await sellout.fill('150');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('alert')).toHaveText('Pas eerst de rood gemarkeerde velden aan.');
  await expect(sellout).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('De sellout kan niet hoger zijn dan 100.')).toBeVisible();
  await expect(stepHeading(page, 4, 'FC70')).toBeVisible();
  await sellout.fill('12,5');
  await next(page);
  await expect(stepHeading(page, 5, 'Interesses')).toBeVisible();
  // No English from the form checks anywhere on the way.
  await expect(page.locator('main')).not.toContainText(/Too big|Too small|Invalid input|expected/);
});

test('Vorige/Volgende stay pinned at the bottom; the step circles jump to visited steps through the checks', async ({ page }) => {
  await openWizard(page, 12);
  await page.getByLabel('Type contact').selectOption({ label: 'Overig' });
  await page.getByLabel('Reden van het bezoek').fill('Kennismaking');
  for (let i = 0; i < 4; i++) await next(page);
  await expect(stepHeading(page, 5, 'Interesses')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();

  // Pinned: at the top of a step taller than the screen, the buttons sit at the screen's bottom edge.
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize()!;
  const nextButton = page.getByRole('button', { name: 'Volgende' });
  const formBottom = await page.locator('form.wizard-card').evaluate((f) => f.getBoundingClientRect().bottom);
  expect(formBottom).toBeGreaterThan(viewport.height);
  const box = (await nextButton.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 80);
  expect(box.height).toBeGreaterThanOrEqual(44);
  const previousBox = (await page.getByRole('button', { name: 'Vorige' }).boundingBox())!;
  expect(Math.abs(previousBox.y - box.y)).toBeLessThan(2);
  await page.screenshot({ path: test.info().outputPath('wizard-pinned-buttons-390.png') });
  await page.screenshot({ path: '/tmp/wizard-pinned-buttons-390.png' });
  // Halfway down the step the buttons are still there.
  await page.evaluate(() => window.scrollTo(0, 300));
  const scrolled = (await nextButton.boundingBox())!;
  expect(scrolled.y + scrolled.height).toBeLessThanOrEqual(viewport.height);
  expect(scrolled.y + scrolled.height).toBeGreaterThan(viewport.height - 80);
  await page.screenshot({ path: '/tmp/wizard-pinned-buttons-390-scrolled.png' });

  // Back to Info by its circle; a step never reached is no button.
  await expect(page.getByRole('button', { name: 'Naar stap 7: Opvolging' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Naar stap 1: Info' }).click();
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  // A forward jump runs the checks of the steps it passes and stops at the first that fails.
  await page.getByLabel(/Datum bezoek/).fill('2031-05-05');
  await page.getByRole('button', { name: 'Naar stap 6: Feedback' }).click();
  await expect(page.getByRole('alert')).toHaveText('De datum van het bezoek kan niet na vandaag liggen.');
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await page.getByLabel(/Datum bezoek/).fill((await page.getByLabel(/Datum bezoek/).getAttribute('max'))!);
  await page.getByRole('button', { name: 'Naar stap 6: Feedback' }).click();
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();
  await page.getByRole('button', { name: 'Naar stap 4: FC70' }).click();
  await expect(stepHeading(page, 4, 'FC70')).toBeVisible();
  // Feedback's required fields are checked on Feedback, not earlier.
  await page.getByRole('button', { name: 'Naar stap 6: Feedback' }).click();
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('alert')).toHaveText('Gelieve de verplichte velden in te vullen.');
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();
});

test("the phone's back button goes to the previous step; after sending, 'Prospectie verzonden' shows and Terug skips the wizard", async ({
  page,
}) => {
  await openWizard(page, 13);
  await page.getByLabel('Reden van het bezoek').fill('Opvolging bestelling');
  await next(page);
  await next(page);
  await expect(stepHeading(page, 3, 'Algemeen')).toBeVisible();
  await page.goBack();
  await expect(stepHeading(page, 2, 'Brandmix')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/13\/prospections\/new$/);
  await page.goBack();
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await toOpvolging(page);
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/shop\/13$/);
  const notice = page.getByRole('status').filter({ hasText: 'Prospectie verzonden' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Sluiten' }).click();
  await expect(notice).toHaveCount(0);
  // The wizard's place in the history went to the shop: Terug leads to the shop page before it, not an empty wizard.
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\/13$/);
  await expect(page.getByRole('heading', { name: /^Stap \d van 7/ })).toHaveCount(0);
});

test('offline, the sent visit is kept for later and the page says so', async ({ page, context }) => {
  await openWizard(page, 14);
  await toOpvolging(page);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/shop\/14$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Geen verbinding: je prospectie is bewaard op dit toestel en wordt verzonden zodra er verbinding is.' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Prospectie verzonden' })).toHaveCount(0);
  await context.setOffline(false);
});

test("a new shop lands on its page with 'Winkel toegevoegd'", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto('/shop/new');
  const name = `Boetiek Telefoon ${Date.now() % 100000}`;
  await page.getByLabel(/^Naam/).fill(name);
  await page.getByRole('combobox', { name: /^Land/ }).fill('Belg');
  await page
    .getByRole('option', { name: /België/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: /^Postcode/ }).fill('9000');
  await page
    .getByRole('option', { name: /^9000$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/shop\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.toUpperCase());
  const notice = page.getByRole('status').filter({ hasText: 'Winkel toegevoegd' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Sluiten' }).click();
  await expect(notice).toHaveCount(0);
});

test('leaving the wizard keeps the draft without asking; leaving an unsent new shop, which keeps nothing, asks', async ({ page }) => {
  await openWizard(page, 15);
  await page.getByLabel('Reden van het bezoek').fill('Half getypt');
  await expect(page.getByText('Je invoer wordt bewaard op dit toestel tot je verzendt.')).toBeVisible();
  await page.getByRole('link', { name: 'Agenda' }).click();
  await expect(page).toHaveURL(/\/agenda$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/shop/15/prospections/new');
  await page.getByRole('button', { name: 'Doorgaan met je concept' }).click();
  await expect(page.getByLabel('Reden van het bezoek')).toHaveValue('Half getypt');

  await page.goto('/shop/new');
  await page.getByLabel(/^Naam/).fill('Half ingevuld');
  await page.getByRole('link', { name: 'Agenda' }).click();
  await expect(page.getByRole('dialog', { name: 'Pagina verlaten?' })).toContainText(
    'Niet-opgeslagen wijzigingen zullen verloren gaan. Toch verdergaan?',
  );
});

test('signing out from a typed wizard asks first that the draft will go; confirmed, it is gone', async ({ page }) => {
  await openWizard(page, 16);
  await page.getByLabel('Reden van het bezoek').fill('Gedeelde telefoon');
  await page.getByRole('button', { name: 'Afmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Afmelden?' });
  await expect(dialog).toContainText(
    'Er staat een niet-verzonden prospectie op dit toestel. Als je nu afmeldt, wordt ze van dit toestel gewist en gaat ze verloren.',
  );
  await dialog.getByRole('button', { name: 'Annuleren' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Reden van het bezoek')).toHaveValue('Gedeelde telefoon');

  await page.getByRole('button', { name: 'Afmelden' }).click();
  await dialog.getByRole('button', { name: 'Toch afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('prospectie:wizard-draft:')))).toEqual([]);
});
