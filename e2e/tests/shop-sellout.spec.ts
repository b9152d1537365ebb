// The shop page's sell-out per FC70 brand (decision 033), on a 390 px phone: a chart drawn in Chromium, the same figures
// in its table as the API gives, an empty state for a shop without any, and nothing serious for axe.
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn } from './helpers';

interface ShopListItem {
  id: number;
  name: string;
}
interface ShopSellout {
  visitDate: string;
  brandName: string;
  sellout: number;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

const dayFirst = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('/');
const percent = (value: number) => `${value.toLocaleString('nl-BE', { maximumFractionDigits: 1 })}%`;

test.use({ viewport: { width: 390, height: 844 } });

test('every rep sees a shop’s sell-out per brand over its visits, as a chart and as a table', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  const shops = await getJson<ShopListItem[]>(page, '/api/shops');
  let found: { shop: ShopListItem; rows: ShopSellout[] } | undefined;
  let empty: ShopListItem | undefined;
  for (const shop of shops) {
    const rows = await getJson<ShopSellout[]>(page, `/api/shops/${shop.id}/sellout`);
    if (rows.length && !found) found = { shop, rows };
    if (!rows.length && !empty) empty = shop;
    if (found && empty) break;
  }
  expect(found, 'a demo shop with a sell-out').toBeDefined();
  const { shop, rows } = found!;

  await page.goto(`/shop/${shop.id}`);
  const section = page.getByRole('region', { name: 'Sellout per FC70 brand' });
  const chart = section.getByRole('img', { name: /^Sellout per FC70 brand per bezoek \(%\): grafiek/ });
  // The chart draws once it is near the screen; the visits and plans above it may arrive after a first scroll and push
  // it back down, so the rep scrolls to it again, as she would.
  await expect(async () => {
    await chart.scrollIntoViewIfNeeded({ timeout: 3_000 });
    await expect(section.locator('canvas')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const size = await section.locator('canvas').boundingBox();
  expect(size!.width).toBeGreaterThan(200);

  await section.getByText('Cijfers als tabel').click();
  const table = section.getByRole('table', { name: 'Sellout per FC70 brand per bezoek (%)' });
  await expect(table).toBeVisible();
  const brands = [...new Set(rows.map((r) => r.brandName))];
  for (const brand of brands) await expect(table.getByRole('columnheader', { name: brand })).toBeVisible();
  const columns = await table.getByRole('columnheader').allTextContents();
  for (const r of rows) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayFirst(r.visitDate) }) });
    await expect(row.getByRole('cell').nth(columns.indexOf(r.brandName) - 1)).toHaveText(percent(r.sellout));
  }
  expect(await seriousAxeViolations(page)).toEqual([]);

  if (empty) {
    await page.goto(`/shop/${empty.id}`);
    await expect(page.getByText('Nog geen sellout ingevuld bij de bezoeken aan deze winkel.')).toBeVisible();
  }
});
