// Where a screen opens on a phone: a new screen at its top, whatever the previous one was scrolled to; Back where the
// rep was. (A change of the overview's filters keeps its place: scrollOnNavigation.test.ts.)
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { fillRequiredAndGoToOpvolging, openWizard, signIn } from './helpers';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
// Instant: Bootstrap makes the page's scrolling smooth, and a glide would still be under way when scrollY is read.
const toBottom = (page: Page) => page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Mijn overzicht opens at its top from a Home scrolled down, and Back returns to where the rep was on Home', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    // Home is long once its shops to visit have come: only then is there a way down to scroll.
    await expect(page.getByRole('list', { name: 'Te bezoeken' }).getByRole('listitem').first()).toBeVisible();
    const link = page.getByRole('link', { name: 'Mijn overzicht' });
    await link.scrollIntoViewIfNeeded();
    await toBottom(page);
    const onHome = await scrollY(page);
    expect(onHome).toBeGreaterThan(300);
    await link.click();
    await expect(page).toHaveURL(/\/overzicht$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeAttached();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(onHome - 5);
  });

  test("after sending from a long Opvolging step, the shop page opens at its top with 'Prospectie verzonden' in view", async ({ page }) => {
    await openWizard(page, 24);
    const openTodos = async () =>
      Number(/\((\d+) open\)/.exec((await page.getByRole('link', { name: /Mijn taken/ }).textContent()) ?? '')?.[1]);
    const before = await openTodos();
    await fillRequiredAndGoToOpvolging(page);
    // Three to-dos for herself: Opvolging runs well below the fold.
    await page.getByRole('button', { name: 'Voeg item toe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe taak' });
    for (const title of ['Stalen bezorgen', 'Catalogus sturen', 'Terugbellen']) {
      await dialog.getByLabel('Titel').fill(title);
      await dialog.getByLabel('Beschrijving').fill(`${title} voor de wintercollectie.`);
      await dialog.getByLabel('Toegewezen aan', { exact: true }).fill('Sofie');
      await dialog.getByRole('option', { name: 'Sofie Janssens (jij)', exact: true }).click();
      await dialog.getByRole('button', { name: 'Toevoegen' }).click();
      await expect(dialog.getByText(`Nieuwe taak "${title}" toegevoegd`)).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Terug' }).click();
    await expect(dialog).toBeHidden();
    await toBottom(page);
    expect(await scrollY(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Verzenden' }).click();
    await expect(page).toHaveURL(/\/shop\/24$/);
    await expect(page.getByRole('status').filter({ hasText: 'Prospectie verzonden' })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    // The three to-dos she gave herself count in the header at once.
    await expect.poll(openTodos).toBe(before + 3);
  });
});
