// Seasons and the funnel (decision 068) as the people who use them: a rep at 390 px sees on Home which interested shop
// to see before the season's window closes, and her own funnel in Mijn overzicht; the manager at 1280 px reads the
// team's funnel of the season per brand and per rep.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './servers';
import { APP_HEADERS, registerFieldShopInBrugge, seriousAxeViolations, signIn } from './helpers';

const SEASON = 'E2E-NU';

/** Belgium's day, shifted by `days`. */
const brusselsDay = (page: Page, days = 0) =>
  page.evaluate(
    (d) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + d * 86_400_000)),
    days,
  );

test('a rep sees the days left before the window closes on Home and her own funnel; the manager the team’s per brand and rep', async ({
  page,
}) => {
  test.slow();
  // The beheerder opens a season whose window closes in 9 days.
  await signIn(page, 'beheer@example.com');
  await expect(page.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  const made = await page.request.post('/api/admin/seasons', {
    headers: APP_HEADERS,
    data: { name: SEASON, startsOn: await brusselsDay(page, -20), endsOn: await brusselsDay(page, 9) },
  });
  expect(made.status()).toBe(201);

  // The rep visits a shop today that is interested in a brand.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().clearCookies();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const shopId = await registerFieldShopInBrugge(page, 'Venster Boetiek');
  const [brand] = (await (await page.request.get('/api/brands')).json()) as { id: number; name: string }[];
  const sent = await page.request.post(`/api/shops/${shopId}/prospections`, {
    headers: { ...APP_HEADERS, 'idempotency-key': randomUUID() },
    data: { visitDate: await brusselsDay(page), contactTypeId: 1, visitTypeId: 1, brandInterests: [{ brandId: brand.id }] },
  });
  expect(sent.status()).toBe(201);

  // Home's Te bezoeken: the shops with an open window first, with the days left; this one too, though she was there
  // today (the demo's other interested shops share the window, the longest not visited first).
  await page.goto('/home');
  const due = page.getByRole('list', { name: 'Te bezoeken' });
  await expect(due.getByRole('listitem').first()).toContainText(`nog 9 dagen voor ${SEASON}`);
  const showAll = page.getByRole('button', { name: /^Alle \d+ tonen$/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect(due.getByRole('listitem').filter({ hasText: 'VENSTER BOETIEK' })).toContainText(`nog 9 dagen voor ${SEASON}`);
  await page.screenshot({ path: test.info().outputPath('funnel-home-390.png'), fullPage: true });

  // Mijn overzicht: her own funnel of the season, without a table per rep.
  await page.goto('/overzicht');
  const funnel = page.getByRole('region', { name: 'Trechter' });
  await funnel.getByLabel('Seizoen').selectOption({ label: SEASON });
  await expect(funnel).toContainText(`in het venster van seizoen ${SEASON}`);
  const perBrand = funnel.getByRole('table', { name: /Trechter per FC70 brand/ });
  await expect(perBrand.getByRole('row', { name: new RegExp(brand.name) })).toBeVisible();
  await expect(funnel.getByRole('table', { name: /Trechter per medewerker/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('funnel-own-390.png'), fullPage: true });

  // The manager, at her desk: the team's funnel of the season, per brand and per rep.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().clearCookies();
  await signIn(page, 'manager@example.com');
  await expect(page.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  await page.goto('/overzicht');
  const team = page.getByRole('region', { name: 'Trechter' });
  await team.getByLabel('Seizoen').selectOption({ label: SEASON });
  await expect(team.getByRole('table', { name: /Trechter per medewerker/ }).getByRole('row', { name: /Sofie Janssens/ })).toBeVisible();
  await expect(
    team.getByRole('table', { name: /Trechter per FC70 brand/ }).getByRole('row', { name: new RegExp(brand.name) }),
  ).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('funnel-team-1280.png'), fullPage: true });
});
