// The pipeline per shop and FC70 brand on a phone (decision 066), as a rep meets it: a visit with an interest makes
// the brand 'Geïnteresseerd' and its next step shows under Opvolgen; a later visit listing the brand among those carried
// makes the shop a customer; the shop page shows the history; a 'niet geïnteresseerd' she sets survives a later visit.
import type { Page } from '@playwright/test';
import { expect, test } from './servers';
import { pick } from './fullVisit';
import { next, registerFieldShopInBrugge, seriousAxeViolations, signIn, stepHeading } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** One visit from the shop page: `carried` on FC70, `interest` on Interesses, the Opvolging rows filled by `onOpvolging`. */
async function visit(page: Page, shopId: number, o: { carried?: string; interest?: string; onOpvolging?: () => Promise<void> }) {
  await page.goto(`/shop/${shopId}`);
  await page.getByRole('link', { name: 'Nieuwe prospectie' }).click();
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  for (let i = 0; i < 3; i++) await next(page);
  await expect(stepHeading(page, 4, 'FC70')).toBeVisible();
  if (o.carried) {
    await pick(page, 'FC70 brands in de winkel', o.carried);
    await page.getByRole('textbox', { name: `Sellout van ${o.carried} (%)` }).fill('0');
  }
  await next(page);
  if (o.interest) await pick(page, 'Interesse in FC70 brands', o.interest);
  await next(page);
  await page.getByLabel(/Trends en noden in de markt/).fill('Vraag naar basics');
  await page.getByLabel(/Extra opmerkingen\/feedback/).fill('Niets extra');
  await next(page);
  await expect(stepHeading(page, 7, 'Opvolging')).toBeVisible();
  await o.onOpvolging?.();
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Prospectie verzonden' })).toBeVisible();
}

/** The shop page's row of a brand under 'Merken van FC70'. */
const brandRow = (page: Page, brand: string) =>
  page
    .getByRole('list', { name: 'Merken van FC70' })
    .getByRole('listitem')
    .filter({ has: page.getByText(brand, { exact: true }) });

test('a visit with an interest, its next step under Opvolgen, a customer from a later visit, the history, and a "no" that stays', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const shopId = await registerFieldShopInBrugge(page, 'Pijplijn Boetiek');
  const brands = (await (await page.request.get('/api/brands')).json()) as { name: string }[];
  const [x, y] = [brands[0].name, brands[1].name];

  // A first visit: an interest in X, with its next step for today.
  await visit(page, shopId, {
    interest: x,
    onOpvolging: async () => {
      const row = page.getByRole('group', { name: x });
      await expect(row).toBeVisible();
      await row.getByLabel('Volgende stap (optioneel)').fill('Offerte sturen');
      const today = await page.evaluate(() => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Brussels' }).format(new Date()));
      await row.getByLabel('Op (optioneel)').fill(today);
      await page.screenshot({ path: test.info().outputPath('pipeline-opvolging-390.png'), fullPage: true });
    },
  });
  await expect(brandRow(page, x)).toContainText('Geïnteresseerd');
  await expect(brandRow(page, x)).toContainText('Offerte sturen');
  await expect(brandRow(page, y)).toContainText('Bezocht');

  // Home's Opvolgen names the shop, the brand and the step.
  await page.goto('/home');
  const followUps = page.getByRole('region', { name: 'Opvolgen' });
  await expect(followUps).toContainText('PIJPLIJN BOETIEK');
  await expect(followUps).toContainText(x);
  await expect(followUps).toContainText('Offerte sturen');
  await page.screenshot({ path: test.info().outputPath('pipeline-home-390.png'), fullPage: true });
  // Bezoek plannen from there starts a plan at the shop on the step's day, named after the brand and the step.
  await followUps.getByRole('button', { name: 'Bezoek plannen bij PIJPLIJN BOETIEK' }).click();
  const plan = page.getByRole('dialog', { name: 'Bezoek plannen bij PIJPLIJN BOETIEK' });
  await expect(plan.getByLabel(/Titel/)).toHaveValue(`${x}: Offerte sturen`);
  await plan.getByRole('button', { name: 'Annuleren' }).click();
  await expect(plan).toHaveCount(0);

  // On the shop page the rep says Y is not interesting for this shop, and why.
  await page.goto(`/shop/${shopId}`);
  await page.getByRole('button', { name: `Stand van ${y} wijzigen` }).click();
  const dialog = page.getByRole('dialog', { name: `Stand van ${y}` });
  await dialog.getByLabel('Stand', { exact: true }).selectOption({ label: 'Niet geïnteresseerd' });
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  const reason = dialog.getByLabel('Waarom niet?');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription('Kies waarom de winkel niet geïnteresseerd is.');
  await reason.selectOption({ label: 'Te duur' });
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(brandRow(page, y)).toContainText('Niet geïnteresseerd');
  await expect(brandRow(page, y)).toContainText('Te duur');

  // A later visit lists X among the brands the shop carries (sell-out 0): a customer. No interest in Y this time.
  await visit(page, shopId, { carried: x });
  await expect(brandRow(page, x)).toContainText('Klant');
  await expect(brandRow(page, y)).toContainText('Niet geïnteresseerd');

  // The history, newest first: who changed what, from which visit.
  await page.getByText('Geschiedenis', { exact: true }).click();
  const history = page.getByRole('list', { name: 'Geschiedenis' });
  await expect(history.getByRole('listitem').first()).toContainText(`${x} Geïnteresseerd → Klant`);
  await expect(history).toContainText(`${y} Bezocht → Niet geïnteresseerd (gezet door Sofie Janssens)`);
  await expect(history).toContainText(`${x} Prospect → Geïnteresseerd (uit het bezoek door Sofie Janssens)`);
  // A change a visit made opens that visit.
  await expect(history.getByRole('link', { name: new RegExp(`${x} Geïnteresseerd → Klant`) })).toHaveAttribute(
    'href',
    new RegExp(`/shop/${shopId}/prospections/\\d+$`),
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('pipeline-shop-390.png'), fullPage: true });

  // X is a customer now: nothing left to follow up for it.
  const due = (await (await page.request.get('/api/pipeline/follow-ups')).json()) as { shopId: number }[];
  expect(due.filter((f) => f.shopId === shopId)).toEqual([]);
});

test('a status set on the shop page without a connection waits on the device and is saved once when back online', async ({
  page,
  context,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const shopId = await registerFieldShopInBrugge(page, 'Boetiek Zonder Bereik');
  const [brand] = (await (await page.request.get('/api/brands')).json()) as { name: string }[];
  await page.goto(`/shop/${shopId}`);
  await expect(brandRow(page, brand.name)).toContainText('Prospect');

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByRole('button', { name: `Stand van ${brand.name} wijzigen` }).click();
  const dialog = page.getByRole('dialog', { name: `Stand van ${brand.name}` });
  await dialog.getByLabel('Stand', { exact: true }).selectOption({ label: 'In gesprek' });
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Bewaard op dit toestel: wordt verzonden zodra er verbinding is.')).toBeVisible();
  await expect(page.getByText('1 item wacht op verbinding.')).toBeVisible();

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(`/api/shops/${shopId}/pipeline/`)) sent.push(r.headers()['idempotency-key']);
  });
  await context.setOffline(false);
  await expect(page.getByText('De stand van het merk is verzonden.')).toBeVisible();
  await expect(brandRow(page, brand.name)).toContainText('In gesprek');
  await expect(page.getByText('Bewaard op dit toestel: wordt verzonden zodra er verbinding is.')).toHaveCount(0);
  expect(sent).toHaveLength(1);
});
