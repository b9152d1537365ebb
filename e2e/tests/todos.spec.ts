import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations, signIn } from './helpers';

const appHeaders = { 'x-prospectie-client': '1' };

/** Rep A (demo) records a visit with a manual to-do for colleague B (collega), through the API. */
async function recordVisitWithTodo(page: Page, todoName: string) {
  await signIn(page, 'demo@example.com');
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const employees = await (await page.request.get('/api/employees')).json();
  const colleague = employees.find((e: { firstName: string; name: string }) => e.firstName === 'Jan' && e.name === 'Maes');
  const shop = (await (await page.request.get('/api/shops')).json())[0];
  const res = await page.request.post(`/api/shops/${shop.id}/prospections`, {
    headers: appHeaders,
    data: {
      visitDate: '2026-11-23',
      contactTypeId: 4,
      visitTypeId: 1,
      trends: 'Meer linnen',
      extra: 'Goed gesprek',
      todos: [{ name: todoName, remarks: 'Voor vrijdag', toDoTypeId: 4, employeeIds: [colleague.id] }],
    },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  return { shop, prospectionId: id as number };
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`my to-dos (${label})`, () => {
    test.use({ viewport });

    test('a colleague sees the to-do handed to them, with its shop and visit, and finishes it', async ({ page }) => {
      const todoName = `Stalen opsturen ${label}`;
      const { shop, prospectionId } = await recordVisitWithTodo(page, todoName);

      await signIn(page, 'collega@example.com');
      await expect(page.getByRole('heading', { name: 'Welkom, Jan!' })).toBeVisible();
      const tasksLink = page.getByRole('link', { name: /^Mijn taken \(\d+ open\)$/ });
      await expect(tasksLink).toBeVisible();
      const openBefore = Number((await tasksLink.textContent())!.match(/\((\d+) open\)/)![1]);
      expect(openBefore).toBeGreaterThan(0);

      await tasksLink.click();
      await expect(page).toHaveURL(/\/taken$/);
      await expect(page.getByRole('heading', { name: 'Mijn taken' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).getByText('Taken')).toBeVisible();
      const card = page.getByRole('listitem').filter({ hasText: todoName });
      await expect(card).toBeVisible();
      await expect(card.getByText('Voor vrijdag')).toBeVisible();
      await expect(card.getByRole('link', { name: shop.name, exact: true })).toHaveAttribute('href', `/shop/${shop.id}`);
      await expect(card.getByRole('link', { name: /Bekijk bezoek/ })).toHaveAttribute('href', `/shop/${shop.id}/prospections/${prospectionId}`);
      await expect(card.getByText(/Aangemaakt door Sofie Janssens/)).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await card.getByRole('button', { name: `Markeer als afgewerkt: ${todoName}` }).click();
      // Done leaves the open list at once, and the badge counts one less.
      await expect(page.getByRole('listitem').filter({ hasText: todoName })).toHaveCount(0);
      await expect(page.getByRole('link', { name: openBefore - 1 ? `Mijn taken (${openBefore - 1} open)` : 'Mijn taken' })).toBeVisible();
      await page.getByRole('button', { name: 'Afgewerkt', exact: true }).click();
      const doneCard = page.getByRole('listitem').filter({ hasText: todoName });
      await expect(doneCard.getByText('Afgewerkt')).toBeVisible();

      const todos = await (await page.request.get(`/api/prospections/${prospectionId}/todos`)).json();
      expect(todos[0]).toMatchObject({ name: todoName, toDoStatusId: 2 });
      // The visit's follow-up section shows it done, with its assignee.
      await doneCard.getByRole('link', { name: /Bekijk bezoek/ }).click();
      const followUp = page.getByRole('listitem').filter({ hasText: todoName });
      await expect(followUp.getByText('Afgewerkt')).toBeVisible();
      await expect(followUp.getByText(/Jan Maes/)).toBeVisible();
      await page.goBack();
      await page.getByRole('button', { name: 'Afgewerkt', exact: true }).click();

      // Reopen in one tap.
      await doneCard.getByRole('button', { name: `Heropen: ${todoName}` }).click();
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await expect(page.getByRole('listitem').filter({ hasText: todoName })).toBeVisible();
    });
  });
}

test('a refused status change rolls back with a Dutch message', async ({ page }) => {
  await recordVisitWithTodo(page, 'Kortingsvoorstel e2e');
  await signIn(page, 'collega@example.com');
  await expect(page.getByRole('heading', { name: 'Welkom, Jan!' })).toBeVisible();
  await expect(page.getByText(/^Je hebt \d+ open taken$/)).toBeVisible();
  await page.getByRole('link', { name: 'Mijn taken', exact: true }).click();
  await page.route('**/api/todos/*', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 403, json: { error: 'Forbidden', message: 'nee' } }) : route.continue(),
  );
  const card = page.getByRole('listitem').filter({ hasText: 'Kortingsvoorstel e2e' });
  await card.getByRole('button', { name: /Markeer als afgewerkt/ }).click();
  await expect(page.getByText('De status kon niet gewijzigd worden. Probeer het later opnieuw.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Kortingsvoorstel e2e' })).toBeVisible();
});
