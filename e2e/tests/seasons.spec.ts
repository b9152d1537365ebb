// Seizoenen (/beheer/seizoenen, decision 068) on a desktop: the administrator adds a season with an FC70 brand's own
// pre-order window, sees it listed, moves its last day and deletes it after confirming.
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn } from './helpers';

const appHeaders = { 'x-prospectie-client': '1' };

/** A season of this name left by an earlier, failed run of this test would refuse the name: it goes first. */
async function forgetSeason(page: Page, name: string) {
  const seasons = (await (await page.request.get('/api/seasons')).json()) as { id: number; name: string }[];
  for (const season of seasons.filter((s) => s.name === name))
    expect((await page.request.delete(`/api/admin/seasons/${season.id}`, { headers: appHeaders })).status()).toBe(204);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the administrator adds a season with a brand of its own window, changes its last day and deletes it', async ({ page }) => {
  await signIn(page, 'beheer@example.com');
  await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
  await forgetSeason(page, 'SS27');
  await page.getByRole('link', { name: 'Beheer' }).click();
  await page.getByRole('navigation', { name: 'Onderdelen van het beheer' }).getByRole('link', { name: 'Seizoenen' }).click();
  await expect(page).toHaveURL(/\/beheer\/seizoenen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seizoenen' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' })).toContainText('Seizoenen');

  // Add SS27, with Kade Denim's own window.
  await page.getByRole('button', { name: 'Seizoen toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Seizoen toevoegen' });
  await dialog.getByRole('textbox', { name: /^Naam/ }).fill('SS27');
  await dialog.getByRole('textbox', { name: 'Eerste dag van het voorbestelvenster' }).fill('05/01/2027');
  await dialog.getByRole('textbox', { name: 'Laatste dag van het voorbestelvenster' }).fill('31/03/2027');
  await dialog.getByRole('button', { name: 'Eigen venster toevoegen' }).click();
  const brandWindow = dialog.getByRole('group', { name: 'Eigen venster 1' });
  await expect(brandWindow.getByRole('combobox', { name: 'FC70-merk' })).toBeFocused();
  await brandWindow.getByRole('combobox', { name: 'FC70-merk' }).selectOption({ label: 'Kade Denim' });
  await brandWindow.getByRole('textbox', { name: 'Eerste dag' }).fill('12/01/2027');
  await brandWindow.getByRole('textbox', { name: 'Laatste dag' }).fill('28/02/2027');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect(page.getByText('SS27 is toegevoegd.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('table').getByRole('row', { name: /^SS27/ });
  await expect(row).toContainText('05/01/2027 – 31/03/2027');
  await expect(row).toContainText('Kade Denim: 12/01/2027 – 28/02/2027');

  // Move its last day: the same form, filled in with the season as it is.
  await page.getByRole('button', { name: 'SS27 bewerken' }).click();
  const edit = page.getByRole('dialog', { name: 'SS27 bewerken' });
  const lastDay = edit.getByRole('textbox', { name: 'Laatste dag van het voorbestelvenster' });
  await expect(lastDay).toHaveValue('31/03/2027');
  await expect(edit.getByRole('group', { name: 'Eigen venster 1' }).getByRole('combobox', { name: 'FC70-merk' })).toHaveValue(/\d+/);
  await lastDay.fill('15/04/2027');
  await edit.getByRole('button', { name: 'Bewaren' }).click();
  await expect(page.getByText('SS27 is bewaard.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('05/01/2027 – 15/04/2027');
  await expect(row).toContainText('Kade Denim: 12/01/2027 – 28/02/2027');

  // Delete it, after confirming.
  await page.getByRole('button', { name: 'SS27 verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'SS27 verwijderen?' });
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('SS27 is verwijderd.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /^SS27/ })).toHaveCount(0);
});
