// The printed visit report (decision 033): a visit's detail printed on A4 shows shop, rep, date and every section,
// without the app's header, breadcrumbs or buttons, and Chromium makes a PDF of it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { registerFieldShopInBrugge, signIn } from './helpers';

interface ShopListItem {
  id: number;
  name: string;
}
interface ShopProspection {
  id: number;
  visitDate: string;
  employeeName: string;
}

const SECTIONS = ['Info', 'FC70 brands', 'Andere brands', 'Algemene situatie', 'FC70 interesses', 'Feedback', 'Opvolging'];
/** A4's width at 96 dpi, so the screenshot shows the page's lines as the paper gets them. */
const A4_WIDTH_PX = 794;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** A seeded shop with a visit. */
async function shopWithVisit(page: Page) {
  const shops = await getJson<ShopListItem[]>(page, '/api/shops');
  for (const shop of shops) {
    const [visit] = await getJson<ShopProspection[]>(page, `/api/shops/${shop.id}/prospections?limit=1`);
    if (visit) return { shop, visit };
  }
  throw new Error('the demo data has no shop with a visit');
}

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;

test('a visit prints on A4 with shop, rep, date and every section, without the app around it', async ({ page }, testInfo) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  const { shop, visit } = await shopWithVisit(page);
  const date = visit.visitDate.slice(0, 10).split('-').reverse().join('/');

  await page.goto(`/shop/${shop.id}/prospections/${visit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Prospectie/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeVisible();
  await expect(page.locator('main header')).toContainText(shop.name);

  await page.setViewportSize({ width: A4_WIDTH_PX, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Terug naar het overzicht' })).toBeHidden();
  const top = page.locator('main header');
  await expect(top).toBeVisible();
  await expect(top).toContainText(shop.name);
  await expect(top).toContainText(date);
  await expect(top).toContainText(`Bezocht door ${visit.employeeName}`);
  for (const section of SECTIONS) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }
  const colours = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return { color: body.color, background: body.backgroundColor };
  });
  expect(colours).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)' });
  await page.screenshot({ path: testInfo.outputPath('visit-print.png'), fullPage: true });

  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1);
  await testInfo.attach('visit-report.pdf', { body: pdf, contentType: 'application/pdf' });
});

test('a printed visit says how many photos it has instead of leaving them out without a word', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: /Welkom/ })).toBeVisible();
  const headers = { 'x-prospectie-client': '1' };
  // A shop of its own: the photos show on its page's timeline, which other tests count on for theirs.
  const shop = { id: await registerFieldShopInBrugge(page, 'Drukkerij Fotoboek') };
  const made = await page.request.post(`/api/shops/${shop.id}/prospections`, {
    headers,
    data: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 1, trends: 'Meer linnen', extra: "Met foto's" },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const picture = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/photos/display.jpg'));
  for (const photoId of [randomUUID(), randomUUID()]) {
    const put = await page.request.put(`/api/prospections/${id}/photos/${photoId}`, {
      headers: { ...headers, 'content-type': 'image/jpeg' },
      data: picture,
    });
    expect(put.status()).toBe(201);
  }
  await page.goto(`/shop/${shop.id}/prospections/${id}`);
  await expect(page.locator('.photo-grid li')).toHaveCount(2);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText("Bij dit bezoek horen 2 foto's: bekijk ze in Prospectie.")).toBeVisible();
  await expect(page.locator('.photo-grid')).toBeHidden();
});
