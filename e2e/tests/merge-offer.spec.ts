// A possible duplicate an import found stays on offer until it is merged: from the import run in the Logboek, and on
// the field shop's page for a beheerder (at a desk, 1280 px).
import type { Page } from '@playwright/test';
import { expect, test } from './servers';
import { APP_HEADERS, registerFieldShopInBrugge, seriousAxeViolations, signIn } from './helpers';

/** A shop a rep made in the field in Brugge, and an ERP file with its twin under a customer number, applied. */
async function fieldShopAndItsImportedTwin(page: Page, name: string, number: string) {
  const fieldId = await registerFieldShopInBrugge(page, name);
  const imported = await page.request.post(`/api/admin/imports/shops?fileName=${number}.csv&dryRun=false`, {
    headers: { ...APP_HEADERS, 'content-type': 'text/csv' },
    data: `Klantnummer;Naam;Postcode;Gemeente\r\n${number};${name.toUpperCase()};8000;Brugge\r\n`,
  });
  expect(imported.status()).toBe(200);
  const report = (await imported.json()) as { rows: { shopId?: number; mergeCandidate?: { shopId: number } }[] };
  expect(report.rows[0].mergeCandidate?.shopId).toBe(fieldId);
  return { fieldId, importedId: report.rows[0].shopId! };
}

test('the Logboek keeps offering the merge of an import run until it is done', async ({ page }) => {
  await signIn(page, 'beheer@example.com');
  await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
  const { fieldId } = await fieldShopAndItsImportedTwin(page, 'Kledij Nova', 'NOVA1');

  await page.goto('/beheer/logboek');
  const run = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Winkels geïmporteerd: NOVA1.csv' }) });
  await expect(run).toContainText('1 winkel uit het veld lijkt op een geïmporteerde winkel en is nog niet samengevoegd');
  await run.getByText('De rij bekijken').click();
  await run.getByRole('button', { name: 'KLEDIJ NOVA samenvoegen met KLEDIJ NOVA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Winkels samenvoegen?' });
  await expect(dialog).toContainText('klantnummer NOVA1');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
  await expect(page.getByText(/KLEDIJ NOVA is samengevoegd met KLEDIJ NOVA/)).toBeVisible();
  await expect(run).not.toContainText('nog niet samengevoegd');
  await expect(run.getByRole('button', { name: 'KLEDIJ NOVA samenvoegen met KLEDIJ NOVA' })).toHaveCount(0);
  expect((await page.request.get(`/api/shops/${fieldId}`)).status()).toBe(404);
});

test("a beheerder merges a field shop from its own page into the imported twin, and lands on the twin's page", async ({ page }) => {
  await signIn(page, 'beheer@example.com');
  await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
  const { fieldId, importedId } = await fieldShopAndItsImportedTwin(page, 'Kledij Orion', 'ORION1');

  await page.goto(`/shop/${fieldId}`);
  const offer = page.getByRole('alert').filter({ hasText: 'Mogelijk dubbel' });
  await expect(offer).toContainText('lijkt op de geïmporteerde winkel KLEDIJ ORION (klantnummer ORION1)');
  await offer.getByRole('button', { name: 'KLEDIJ ORION samenvoegen met KLEDIJ ORION' }).click();
  await page.getByRole('dialog', { name: 'Winkels samenvoegen?' }).getByRole('button', { name: 'Samenvoegen' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${importedId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('KLEDIJ ORION');
  // The imported shop is no field shop: nothing to offer there.
  await expect(page.getByRole('alert').filter({ hasText: 'Mogelijk dubbel' })).toHaveCount(0);
});

test("a rep sees no merge offer on a field shop's page", async ({ page }) => {
  await signIn(page, 'beheer@example.com');
  await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
  const { fieldId } = await fieldShopAndItsImportedTwin(page, 'Kledij Vega', 'VEGA1');
  await page.context().clearCookies();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto(`/shop/${fieldId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('KLEDIJ VEGA');
  await expect(page.getByText('Mogelijk dubbel')).toHaveCount(0);
});
