// Winkels importeren and Landen en steden (decision 030) as the administrator meets them, on a desktop and on a phone:
// the ERP's sample file (docs/samples) mapped, checked and applied, a rep who then finds an imported shop on Home,
// the same file again changing nothing, the run in the log; a new country's cities, after which the sample's shop
// in that country is no longer refused. Screenshots of every step go to /tmp/shots-import/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { registerFieldShopInBrugge, seriousAxeViolations, signIn, smallTapTargets } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE = path.join(repoRoot, 'docs/samples/winkels-erp.csv');
const SHOTS = '/tmp/shots-import';
const ADMIN = 'beheer@example.com';
const REP = 'demo@example.com';
const appHeaders = { 'x-prospectie-client': '1' };
const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** The sample file as the ERP wrote it (Windows-1252, semicolons); on the phone with customer numbers of its own. */
function sampleFile(label: 'desktop' | 'phone') {
  const text = readFileSync(SAMPLE, 'latin1');
  // The desktop's run put the sample's numbers in the database already: the phone's file is another ERP export.
  const own = label === 'desktop' ? text : text.replace(/\bC(10\d\d)\b/g, 'T$1').replace('"Schoenen Dewitte"', '"Schoenen Dewitte Zuid"');
  return { name: 'winkels-erp.csv', mimeType: 'text/csv', buffer: Buffer.from(own, 'latin1') };
}

/** The columns of the sample that do not carry the default names, and the field each fills. */
const SAMPLE_MAPPING: [field: string, column: string][] = [
  ['Klantnummer (verplicht)', 'Klantnr'],
  ['Naam (verplicht)', 'Firmanaam'],
  ['Huisnummer', 'Nr'],
  ['Eigenaar', 'Zaakvoerder'],
];

async function shot(page: Page, label: string, name: string) {
  await page.screenshot({ path: `${SHOTS}/${label}-${name}.png`, fullPage: true });
}

/** At 390 px every tappable element is thumb-sized (as tap-targets.spec.ts asks of the other screens). */
async function expectThumbSized(page: Page, label: string, screen: string) {
  if (label === 'phone') expect.soft(await smallTapTargets(page), screen).toEqual([]);
}

/** A shop a rep added in the field (no customer number) like the sample's C1003 in Brugge, with one visit. */
async function addFieldShop(page: Page) {
  const id = await registerFieldShopInBrugge(page, 'Boutique Elegance');
  const visit = await page.request.post(`/api/shops/${id}/prospections`, {
    headers: appHeaders,
    data: { visitDate: '2026-11-20', contactTypeId: 4, visitTypeId: 1, trends: 'Meer linnen', extra: 'In het veld toegevoegd' },
  });
  expect(visit.status()).toBe(201);
}

async function openImport(page: Page, section: 'Importeren' | 'Landen en steden') {
  await page.goto('/beheer/medewerkers');
  await page.getByRole('navigation', { name: 'Onderdelen van het beheer' }).getByRole('link', { name: section }).click();
}

/** Chooses the file and reads its columns: the mapping step. */
async function chooseFile(page: Page, file: ReturnType<typeof sampleFile>) {
  await page.getByLabel('Bestand (CSV of Excel)').setInputFiles(file);
  await page.getByRole('button', { name: 'Kolommen lezen' }).click();
  await expect(page.getByRole('heading', { name: 'Kolommen koppelen' })).toBeFocused();
  await expect(page.getByText('winkels-erp.csv: 10 rijen onder de titels.')).toBeVisible();
}

for (const [label, viewport] of WIDTHS) {
  test.describe(`shop import (${label})`, () => {
    test.use({ viewport });

    test('the administrator maps, checks and applies the ERP’s file; a rep finds an imported shop on Home; the same file again changes nothing', async ({
      page,
      browser,
    }) => {
      const file = sampleFile(label);
      const shopName = label === 'desktop' ? 'SCHOENEN DEWITTE' : 'SCHOENEN DEWITTE ZUID';
      await signIn(page, ADMIN);
      await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
      // On the desktop a shop added in the field looks like one of the file's (the phone's run finds it merged).
      if (label === 'desktop') await addFieldShop(page);
      await openImport(page, 'Importeren');
      await expect(page.getByRole('heading', { level: 1, name: 'Winkels importeren' })).toBeVisible();
      await expectThumbSized(page, label, 'import: file');
      await shot(page, label, '1-file');

      await chooseFile(page, file);
      // The columns with the default names are taken at once; the others she maps herself.
      await expect(page.getByRole('combobox', { name: 'Postcode (verplicht)' })).toHaveValue('Postcode');
      await expect(page.getByRole('combobox', { name: 'Vertegenwoordiger (login)' })).toHaveValue('Vertegenwoordiger');
      for (const [field, column] of SAMPLE_MAPPING) await page.getByRole('combobox', { name: field }).selectOption(column);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectThumbSized(page, label, 'import: mapping');
      await shot(page, label, '2-mapping');

      await page.getByRole('button', { name: 'Controleren' }).click();
      await expect(page.getByRole('heading', { name: 'Controle van winkels-erp.csv' })).toBeFocused();
      await expect(page.getByText('5 nieuw, 0 gewijzigd, 0 ongewijzigd, 5 geweigerd.')).toBeVisible();
      await expect(page.getByText('Er is nog niets gewijzigd.', { exact: false })).toBeVisible();
      const rows = page.getByRole('region', { name: 'Controle van winkels-erp.csv' });
      // Each refusal with its row and its reason in Dutch (a table on a desktop, cards on a phone).
      const refused = (row: number) =>
        label === 'desktop'
          ? rows.getByRole('row', { name: new RegExp(`^${row} `) })
          : rows.getByRole('listitem').filter({ hasText: `Rij ${row} ·` });
      await expect(refused(7)).toContainText('Geen gemeente met deze postcode en naam in dit land.');
      await expect(refused(8)).toContainText('Dit klantnummer staat al op een eerdere rij van het bestand.');
      await expect(refused(9)).toContainText('Geen klantnummer.');
      await expect(refused(10)).toContainText('Onbekend land.');
      await expect(refused(11)).toContainText('Geen vertegenwoordiger met deze login.');
      await rows.getByRole('button', { name: 'Nieuw (5)' }).click();
      await expect(rows.getByText('5 rijen')).toBeVisible();
      await expect(
        label === 'desktop'
          ? rows.getByRole('cell', { name: shopName, exact: true })
          : rows.getByRole('heading', { name: `Rij 2 · ${shopName}` }),
      ).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectThumbSized(page, label, 'import: check');
      await shot(page, label, '3-check');

      await page.getByRole('button', { name: 'Toepassen' }).click();
      await expect(page.getByRole('heading', { name: 'winkels-erp.csv is toegepast' })).toBeFocused();
      await expect(page.getByText('Toegepast: 5 nieuw, 0 gewijzigd, 0 ongewijzigd, 5 geweigerd.')).toBeVisible();
      await expectThumbSized(page, label, 'import: applied');
      await shot(page, label, '4-applied');

      if (label === 'desktop') {
        // The field shop is merged into the imported one: its visit moves.
        await page.getByRole('button', { name: 'Alle (10)' }).click();
        await expect(page.getByRole('row', { name: /^4 C1003/ })).toContainText(
          'Lijkt op BOUTIQUE ELEGANCE, een winkel die in het veld werd toegevoegd.',
        );
        await page.getByRole('button', { name: 'BOUTIQUE ELEGANCE samenvoegen met BOUTIQUE ÉLÉGANCE' }).click();
        const dialog = page.getByRole('dialog', { name: 'Winkels samenvoegen?' });
        await expect(dialog).toContainText(
          'gaan de bezoeken en afspraken van de winkel uit het veld naar de geïmporteerde winkel met klantnummer C1003',
        );
        await shot(page, label, '4b-merge');
        await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
        await expect(
          page.getByText('BOUTIQUE ELEGANCE is samengevoegd met BOUTIQUE ÉLÉGANCE: 1 bezoek en 0 afspraken verplaatst.'),
        ).toBeVisible();
        await expect(page.getByRole('row', { name: /^4 C1003/ })).toContainText('Samengevoegd');
        const shops = (await (await page.request.get('/api/shops')).json()) as { id: number; name: string }[];
        expect(shops.filter((s) => /^boutique [eé]l[eé]gance$/i.test(s.name)).map((s) => s.name)).toEqual(['BOUTIQUE ÉLÉGANCE']);
        const merged = shops.find((s) => s.name === 'BOUTIQUE ÉLÉGANCE')!;
        expect(await (await page.request.get(`/api/shops/${merged.id}/prospections`)).json()).toHaveLength(1);
      }

      // A rep, on her own device, finds the imported shop on Home.
      const context = await browser.newContext({ viewport, locale: 'nl-BE', timezoneId: 'Europe/Brussels' });
      const rep = await context.newPage();
      await signIn(rep, REP);
      const search = rep.getByRole('combobox', { name: 'Zoek een winkel op naam, stad of klant' });
      await expect(search).toBeEnabled();
      await expect(search).not.toHaveAttribute('aria-busy', 'true');
      await search.click();
      await search.fill(shopName.toLowerCase());
      await rep.getByRole('option', { name: new RegExp(`^${shopName}\\s*Gent`) }).click();
      await expect(rep.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
      await shot(rep, label, '5-rep-finds-the-shop');
      await context.close();

      // The same file again: its mapping is remembered, and nothing changes.
      await page.getByRole('button', { name: 'Nog een bestand importeren' }).click();
      await expect(page.getByRole('heading', { name: 'Bestand kiezen' })).toBeFocused();
      await chooseFile(page, file);
      for (const [field, column] of SAMPLE_MAPPING) await expect(page.getByRole('combobox', { name: field })).toHaveValue(column);
      await page.getByRole('button', { name: 'Controleren' }).click();
      await expect(page.getByText('0 nieuw, 0 gewijzigd, 5 ongewijzigd, 5 geweigerd.')).toBeVisible();
      await expect(page.getByText('Er is niets toe te passen: het bestand brengt geen nieuwe of gewijzigde winkels.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Toepassen' })).toHaveCount(0);
      await shot(page, label, '6-same-file-again');

      // The run in the log: its file, its counts, and its rows on request.
      await page.getByRole('navigation', { name: 'Onderdelen van het beheer' }).getByRole('link', { name: 'Logboek' }).click();
      const entry = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Winkels geïmporteerd: winkels-erp.csv' }) })
        .first();
      await expect(entry).toContainText('5 nieuw, 0 gewijzigd, 0 ongewijzigd, 5 geweigerd.');
      if (label === 'desktop') {
        const merge = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Winkels samengevoegd: BOUTIQUE ELEGANCE → BOUTIQUE ÉLÉGANCE' }) });
        await expect(merge.getByRole('row', { name: /Verplaatste bezoeken/ })).toContainText('1');
      }
      await entry.getByText('De 10 rijen bekijken').click();
      await expect(entry.getByText('Geen klantnummer.')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectThumbSized(page, label, 'log with an import');
      await shot(page, label, '7-log');
    });
  });
}

// After both shop imports: the desktop's country is the one of the sample's refused shop in Köln.
for (const [label, viewport] of WIDTHS) {
  test.describe(`countries and cities (${label})`, () => {
    test.use({ viewport });

    test('a new country’s cities and postal codes: checked, applied, after which the sample’s shop there is no longer refused', async ({
      page,
    }) => {
      // Each width its own country, so neither depends on the other.
      const [country, postalCode, city, shopRow] =
        label === 'desktop' ? ['Duitsland', '50667', 'Köln', 10] : ['Oostenrijk', '1010', 'Wien', 0];
      const cities = {
        name: `gemeenten-${label}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(`postcode;gemeente\n${postalCode};${city}\n;Nergens\n`),
      };
      await signIn(page, ADMIN);
      await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
      await openImport(page, 'Landen en steden');
      await expect(page.getByRole('heading', { level: 1, name: 'Landen en steden' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Landen' }).getByText('België')).toBeVisible();
      await page.getByRole('combobox', { name: 'Land' }).fill(country);
      await expect(page.getByText(`${country} is een nieuw land: het wordt aangemaakt bij het toepassen.`)).toBeVisible();
      await page.getByLabel('Bestand (CSV of Excel)').setInputFiles(cities);
      await page.getByRole('button', { name: 'Controleren' }).click();
      await expect(page.getByText('1 nieuw, 0 gewijzigd, 0 ongewijzigd, 1 geweigerd.')).toBeVisible();
      await expect(page.getByText('Geen postcode.')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectThumbSized(page, label, 'places: check');
      await shot(page, label, '8-places-check');

      await page.getByRole('button', { name: 'Toepassen' }).click();
      await expect(page.getByText('Toegepast: 1 nieuw, 0 gewijzigd, 0 ongewijzigd, 1 geweigerd.')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Landen' }).getByText(country)).toBeVisible();
      await shot(page, label, '9-places-applied');

      // The same file again adds nothing.
      await page.getByLabel('Bestand (CSV of Excel)').setInputFiles(cities);
      await page.getByRole('button', { name: 'Controleren' }).click();
      await expect(page.getByText('0 nieuw, 0 gewijzigd, 1 ongewijzigd, 1 geweigerd.')).toBeVisible();
      await expect(page.getByText('Er is niets toe te passen: het bestand brengt geen nieuwe gemeenten.')).toBeVisible();

      if (!shopRow) return;
      // The sample's shop in Köln is checked anew: no longer refused.
      await openImport(page, 'Importeren');
      await chooseFile(page, sampleFile(label));
      for (const [field, column] of SAMPLE_MAPPING) await page.getByRole('combobox', { name: field }).selectOption(column);
      await page.getByRole('button', { name: 'Controleren' }).click();
      await expect(page.getByRole('row', { name: new RegExp(`^${shopRow} C1009`) })).toContainText('Nieuw');
    });
  });
}
