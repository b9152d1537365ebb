// Photos of a visit (decision 035) on a 390 px phone: three pictures taken in the wizard, made small and kept on the
// device, sent offline, and once back online each stored once behind its visit (a cut mid-upload included), then
// shown on the visit and in the shop's timeline.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './servers';
import { next, openWizard, seriousAxeViolations, smallTapTargets, stepHeading } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/photos');
const picture = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: readFileSync(path.join(fixtures, name)) });
const shopWindow = picture('shop-window.jpg');
const brandCorner = picture('brand-corner-with-gps.jpg');
const display = picture('display.jpg');

interface StoredPhoto {
  id: string;
  caption: string | null;
  brand: { name: string } | null;
  width: number;
  height: number;
}

/** The pictures' files this device keeps (web/src/offline/keptPhotos.ts): type and size of each. */
function keptFiles(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ type: string; size: number }[]>((resolve, reject) => {
        const open = indexedDB.open('prospectie-photos');
        open.onupgradeneeded = () => open.result.createObjectStore('photos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('photos', 'readonly').objectStore('photos').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as unknown[]).filter((v): v is Blob => v instanceof Blob).map((b) => ({ type: b.type, size: b.size })));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Opens the shop and its wizard online (so both are kept for offline), and walks to Feedback with the required fields. */
async function wizardAtFeedback(page: Page, shopId: number) {
  await openWizard(page, shopId);
  await page.getByLabel('Reden van het bezoek').fill('Etalage en merkenhoek bekeken');
  for (let i = 0; i < 5; i++) await next(page);
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();
  await page.getByLabel(/Trends en noden in de markt/).fill('Vraag naar basics');
  await page.getByLabel(/Extra opmerkingen\/feedback/).fill("Foto's genomen");
}

test("three pictures sent offline arrive once each, a cut upload included, and show on the visit and in the shop's timeline", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const shopId = 16;
  await wizardAtFeedback(page, shopId);

  // One from the camera, two from the gallery; each made small on the device before it is kept.
  const photos = page.getByRole('region', { name: /Foto's/ });
  await expect(page.getByRole('button', { name: 'Foto nemen' })).toBeVisible();
  await expect(page.locator('input[type=file][capture=environment]')).toHaveAttribute('accept', 'image/*');
  await page.locator('input[type=file][capture=environment]').setInputFiles(shopWindow);
  await expect(page.locator('.photo-draft')).toHaveCount(1);
  await page.locator('input[type=file][multiple]').setInputFiles([brandCorner, display]);
  await expect(page.locator('.photo-draft')).toHaveCount(3);
  await expect(photos.getByText("3 van 10 foto's")).toBeVisible();
  const kept = await keptFiles(page);
  expect(kept).toHaveLength(3);
  for (const file of kept) {
    expect(file.type).toMatch(/^image\/(webp|jpeg)$/);
    expect(file.size).toBeLessThanOrEqual(250 * 1024);
  }
  await page.getByLabel('Bijschrift bij foto 1 (optioneel)').fill('Etalage september');
  const tag = page.getByLabel('Merk bij foto 2 (optioneel)');
  const brandName = (await tag.locator('optgroup[label="FC70-merken"] option').first().textContent())!;
  await tag.selectOption({ label: brandName });
  expect(await smallTapTargets(page)).toEqual([]);
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await photos.screenshot({ path: testInfo.outputPath('wizard-photos-390.png') });

  // A reload keeps them (the draft and its pictures are on the device).
  await page.reload();
  await page.getByRole('button', { name: 'Doorgaan met je concept' }).click();
  await expect(page.locator('.photo-draft')).toHaveCount(3);
  await expect(page.getByLabel('Bijschrift bij foto 1 (optioneel)')).toHaveValue('Etalage september');

  // Sent with no connection: the visit and its pictures wait.
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await next(page);
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  await expect(page.getByRole('listitem').filter({ hasText: "3 foto's wachten op verzending" })).toBeVisible();
  const before = ((await (await page.request.get(`/api/shops/${shopId}/prospections`)).json()) as unknown[]).length;

  // Back online; the first picture's answer is lost after the server stored it: it is sent again, stored once.
  const puts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'PUT' && r.url().includes('/photos/')) puts.push(new URL(r.url()).pathname);
  });
  let cut = false;
  await context.route('**/api/prospections/*/photos/*', async (route) => {
    if (route.request().method() === 'PUT' && !cut) {
      cut = true;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await context.setOffline(false);
  await expect(page.getByText('Je prospectie is verzonden.')).toBeVisible();
  await expect(page.getByText("De foto's van je bezoek zijn verzonden.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('listitem').filter({ hasText: 'wachten op verzending' })).toHaveCount(0);
  expect(cut).toBe(true);
  expect(puts).toHaveLength(4);
  expect(new Set(puts).size).toBe(3);

  const visits = (await (await page.request.get(`/api/shops/${shopId}/prospections?limit=1`)).json()) as { id: number }[];
  expect(((await (await page.request.get(`/api/shops/${shopId}/prospections`)).json()) as unknown[]).length).toBe(before + 1);
  const visitId = visits[0].id;
  const stored = (await (await page.request.get(`/api/prospections/${visitId}/photos`)).json()) as StoredPhoto[];
  expect(stored).toHaveLength(3);
  expect(stored[0].caption).toBe('Etalage september');
  expect(stored[1].brand?.name).toBe(brandName);
  // Nothing more goes out later (no retry stores a fourth).
  await page.waitForTimeout(6_000);
  expect(puts).toHaveLength(4);
  expect((await (await page.request.get(`/api/prospections/${visitId}/photos`)).json()) as unknown[]).toHaveLength(3);

  // The shop's timeline: the three pictures under the visit's date and rep, with the way to the visit (a rerun
  // on the same database finds the earlier runs' visits below).
  const timeline = page.getByRole('region', { name: "Foto's" });
  const thisVisit = timeline.getByRole('region').filter({ has: page.locator(`a[href="/shop/${shopId}/prospections/${visitId}"]`) });
  await thisVisit.scrollIntoViewIfNeeded();
  await expect(thisVisit.getByRole('heading')).toHaveText(/^\d\d\/\d\d\/\d{4} · Sofie /);
  await expect(thisVisit.getByRole('button', { name: /groot bekijken/ })).toHaveCount(3);
  await expect(thisVisit.getByText('Etalage september')).toBeVisible();
  await expect(thisVisit.getByText(brandName)).toBeVisible();
  await expect(thisVisit.locator('img').first()).toHaveAttribute('loading', 'lazy');
  expect(await smallTapTargets(page)).toEqual([]);
  expect(await noSidewaysScroll(page)).toBe(true);
  await timeline.screenshot({ path: testInfo.outputPath('timeline-390.png') });

  // The visit shows them; a tap opens each full size, moved through by button, arrow key and swipe.
  await thisVisit.getByRole('link', { name: 'Bekijk bezoek' }).click();
  await expect(page).toHaveURL(new RegExp(`/prospections/${visitId}$`));
  // The address changes at once; the shop page (whose timeline is a Foto's region too) stays until the visit's
  // page has loaded, so the visit's own heading is waited for first.
  await expect(page.getByRole('heading', { level: 1, name: /^Prospectie/ })).toBeVisible();
  const visitPhotos = page.getByRole('region', { name: "Foto's" });
  const thumbs = visitPhotos.getByRole('button', { name: /groot bekijken/ });
  await expect(thumbs).toHaveCount(3);
  await expect(visitPhotos.locator('img').first()).toHaveAttribute('loading', 'lazy');
  expect(await noSidewaysScroll(page)).toBe(true);
  await visitPhotos.screenshot({ path: testInfo.outputPath('visit-photos-390.png') });
  await thumbs.first().click();
  const dialog = page.getByRole('dialog', { name: 'Foto 1 van 3' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Etalage september' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Vorige' })).toBeDisabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('viewer-390.png') });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Foto 2 van 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('dialog', { name: 'Foto 3 van 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volgende' })).toBeDisabled();
  // A swipe to the right goes back one.
  const stage = page.locator('.photo-viewer-stage');
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'Foto 2 van 3' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(thumbs.first()).toBeFocused();

  // The same screens on a wide screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await visitPhotos.screenshot({ path: testInfo.outputPath('visit-photos-1280.png') });
  await page.goto(`/shop/${shopId}`);
  await page
    .getByRole('region', { name: "Foto's" })
    .getByRole('button', { name: /groot bekijken/ })
    .first()
    .scrollIntoViewIfNeeded();
  await page.getByRole('region', { name: "Foto's" }).screenshot({ path: testInfo.outputPath('timeline-1280.png') });
});

test("pictures uploading on a slow but working connection say they are being sent, not 'Wacht op verbinding'", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const shopId = 17;
  await wizardAtFeedback(page, shopId);
  await page.locator('input[type=file][multiple]').setInputFiles([brandCorner, display]);
  await expect(page.locator('.photo-draft')).toHaveCount(2);
  // Each picture's upload held back a few seconds, as on one bar of mobile signal; the connection itself works.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/prospections/*/photos/*', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await next(page);
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  const line = page.getByRole('listitem').filter({ hasText: "2 foto's wachten op verzending" });
  await expect(line).toContainText('Wordt verzonden');
  await expect(line).not.toContainText('Wacht op verbinding');
  await expect(line.locator('.progress')).toBeVisible();
  await expect(page.getByText('2 items worden verzonden.')).toBeVisible();
  await expect(page.getByText(/wachten op verbinding/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('photos-sending-390.png') });
  release();
  await expect(page.getByText("De foto's van je bezoek zijn verzonden.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('listitem').filter({ hasText: /wacht(en)? op verzending/ })).toHaveCount(0);
});

test("the Foto's buttons say why they are off when the device is nearly full, before the next picture is taken", async ({
  page,
}, testInfo) => {
  // The browser's estimate: 1 MB left.
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'estimate', { value: () => Promise.resolve({ quota: 50_000_000, usage: 49_000_000 }) });
  });
  await wizardAtFeedback(page, 17);
  const take = page.getByRole('button', { name: 'Foto nemen' });
  await expect(take).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Kies uit galerij' })).toBeDisabled();
  await expect(take).toHaveAccessibleDescription(/geheugen van dit toestel is bijna vol/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('region', { name: /Foto's/ }).screenshot({ path: testInfo.outputPath('wizard-full-1280.png') });
});

test('signing out with pictures in the wizard asks first; confirmed, no picture stays on the device', async ({ page }) => {
  await wizardAtFeedback(page, 18);
  await page.locator('input[type=file][capture=environment]').setInputFiles(shopWindow);
  await expect(page.locator('.photo-draft')).toHaveCount(1);
  expect(await keptFiles(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Afmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Afmelden?' });
  await expect(dialog).toContainText('Er staat een niet-verzonden prospectie op dit toestel.');
  await dialog.getByRole('button', { name: 'Toch afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  await expect.poll(() => keptFiles(page)).toEqual([]);
});
