// What the offline suite (offline.spec.ts) does on the page and reads from the device: the wizard's steps, going
// offline, the service worker taking over, and what IndexedDB keeps.
import { type BrowserContext, type Page } from '@playwright/test';
import { expect } from './servers';
import { signIn } from './helpers';

export const stepHeading = (page: Page, n: number) => page.getByRole('heading', { name: new RegExp(`^Stap ${n} van 7`) });

export async function next(page: Page) {
  const heading = page.getByRole('heading', { name: /^Stap \d van 7/ });
  const before = (await heading.textContent()) ?? '';
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(heading).not.toHaveText(before);
}

/** Fills the wizard's required fields (with the rep's own words in Feedback) and stops at Opvolging. */
export async function fillVisit(page: Page, feedback: string) {
  await expect(stepHeading(page, 1)).toBeVisible();
  await page.getByLabel('Reden van het bezoek').fill('Nieuwe collectie tonen');
  for (let i = 0; i < 5; i++) await next(page);
  await page.getByLabel(/Trends en noden in de markt/).fill('Vraag naar basics');
  await page.getByLabel(/Extra opmerkingen\/feedback/).fill(feedback);
  await next(page);
  await expect(stepHeading(page, 7)).toBeVisible();
}

export async function visitCount(page: Page, shopId: number) {
  const res = await page.request.get(`/api/shops/${shopId}/prospections`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as unknown[]).length;
}

/** A value idb-keyval keeps in this origin's IndexedDB (undefined when there is none). */
export function idbValue(page: Page, key: string) {
  return page.evaluate(
    (key) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('keyval', 'readonly').objectStore('keyval').get(key);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    key,
  );
}

/** Everything the query cache keeps on the device (one entry per query, web/src/offline/persist.ts), as one text. */
export const persistedCache = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('prospectie-query-cache');
        open.onupgradeneeded = () => open.result.createObjectStore('queries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('queries', 'readonly').objectStore('queries').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n'));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );

/**
 * Signs in and opens the shop once while online, and waits until the app has written it to IndexedDB,
 * with the wizard's lists (fetched ahead, without ever opening the wizard online). Returns the shop's name.
 */
export async function openShopOnline(page: Page, shopId: number) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const { name } = (await (await page.request.get(`/api/shops/${shopId}`)).json()) as { name: string };
  await page.goto(`/shop/${shopId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect
    .poll(async () => (await persistedCache(page)).includes(name) && (await persistedCache(page)).includes('/visittypes'))
    .toBe(true);
  return name;
}

/** Waits until a service worker controls the page (it takes over from the second load on). */
export async function reloadUnderServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}
