// Overzicht (decision 033), its figures against counts the test makes itself: the test walks every shop's visit list (the
// shop page's own route, not the overview's) and counts the visits of the period, of the team and of one rep; the
// page must show the same. Then a rep sends a visit and the manager's figures count it at once.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './servers';
import { signIn } from './helpers';

interface ShopVisit {
  id: number;
  visitDate: string;
  employeeId: number;
}

/** Today in Brussels, where the reps are: the day a visit recorded now carries. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
const FROM = '2025-06-01';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** Every visit of every shop, through each shop's visit list. */
async function everyVisit(request: APIRequestContext): Promise<ShopVisit[]> {
  const shops = await getJson<{ id: number }[]>(request, '/api/shops');
  const lists = await Promise.all(shops.map((s) => getJson<ShopVisit[]>(request, `/api/shops/${s.id}/prospections`)));
  return lists.flat();
}

const inPeriod = (v: ShopVisit, to: string) => v.visitDate.slice(0, 10) >= FROM && v.visitDate.slice(0, 10) <= to;
const shown = (n: number) => n.toLocaleString('nl-BE');
const visitsFigure = (page: Page) =>
  page.getByRole('region', { name: 'Bezoeken' }).locator('dt', { hasText: 'Bezoeken in de periode' }).locator('+ dd');

test('the overview counts what the shops’ visit lists hold, for the team and for one rep, and a visit sent now at once', async ({
  page,
  browser,
}) => {
  const to = today();
  await signIn(page, 'manager@example.com');
  await expect(page.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  await page.goto(`/overzicht?period=custom&from=${FROM}&to=${to}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();

  const visits = (await everyVisit(page.request)).filter((v) => inPeriod(v, to));
  expect(visits.length).toBeGreaterThan(0);
  await expect(visitsFigure(page)).toHaveText(shown(visits.length));

  // One rep: the one with the most visits in the period.
  const perRep = new Map<number, number>();
  for (const v of visits) perRep.set(v.employeeId, (perRep.get(v.employeeId) ?? 0) + 1);
  const [repId, repVisits] = [...perRep.entries()].sort((a, b) => b[1] - a[1])[0];
  await page.getByLabel('Medewerker', { exact: true }).selectOption(String(repId));
  await expect(page).toHaveURL(new RegExp(`employeeId=${repId}`));
  await expect(visitsFigure(page)).toHaveText(shown(repVisits));
  await page.getByLabel('Medewerker', { exact: true }).selectOption('');
  await expect(visitsFigure(page)).toHaveText(shown(visits.length));

  // The demo rep sends a visit from her own device; the manager's page counts it when it asks again.
  const rep = await browser.newContext();
  const repPage = await rep.newPage();
  await signIn(repPage);
  await expect(repPage.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  const [shop] = await getJson<{ id: number }[]>(repPage.request, '/api/shops');
  const brands = await getJson<{ id: number }[]>(repPage.request, '/api/brands');
  const sent = await repPage.request.post(`/api/shops/${shop.id}/prospections`, {
    headers: { 'x-prospectie-client': '1', 'idempotency-key': `overview-${Date.now()}` },
    data: {
      visitDate: to,
      contactTypeId: 1,
      contactName: 'Eigenaar',
      visitTypeId: 1,
      visitContext: 'Nieuwe collectie',
      brands: [{ brandId: brands[0].id, sellout: 55 }],
      competitorBrandIds: [],
      brandInterests: [],
      todos: [],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await rep.close();

  await page.reload();
  await expect(visitsFigure(page)).toHaveText(shown(visits.length + 1));
});
