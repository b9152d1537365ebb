import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn, transitionsEnded } from './helpers';

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
      // Grouped per shop: the shop's link heads the group the card is in.
      const shopGroup = page.locator('.todo-shop').filter({ has: card });
      await expect(shopGroup.getByRole('heading', { level: 3 }).getByRole('link', { name: shop.name, exact: true })).toHaveAttribute(
        'href',
        `/shop/${shop.id}`,
      );
      await expect(card.getByRole('link', { name: /Bekijk bezoek/ })).toHaveAttribute(
        'href',
        `/shop/${shop.id}/prospections/${prospectionId}`,
      );
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

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`Mijn taken (${label}): open and done apart, per shop, newest first, titles in bold, and a search box`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const stamp = Date.now() % 100000;
    await recordVisitWithTodo(page, `Oudste taak ${stamp}`);
    await recordVisitWithTodo(page, `Nieuwste taak ${stamp}`);
    await signIn(page, 'collega@example.com');
    await expect(page.getByRole('heading', { name: 'Welkom, Jan!' })).toBeVisible();
    await page
      .getByRole('link', { name: /^Mijn taken/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn taken' })).toBeVisible();

    const open = page.getByRole('region', { name: /^Open \(\d+\)$/ });
    await expect(open.getByRole('heading', { level: 2 })).toHaveText(/^Open \(\d+\)$/);
    // Per shop: each group is headed by its shop; both new to-dos are in the same shop's group, newest first.
    const newest = page.getByRole('listitem').filter({ hasText: `Nieuwste taak ${stamp}` });
    const group = page.locator('.todo-shop').filter({ has: newest });
    await expect(group.getByRole('heading', { level: 3 })).toBeVisible();
    const titles = await group.getByRole('heading', { level: 4 }).allTextContents();
    expect(titles.indexOf(`Nieuwste taak ${stamp}`)).toBeLessThan(titles.indexOf(`Oudste taak ${stamp}`));
    expect(titles.indexOf(`Oudste taak ${stamp}`)).toBeGreaterThan(-1);
    // Titles in bold.
    expect(
      Number(await newest.getByRole('heading', { level: 4 }).evaluate((el) => getComputedStyle(el).fontWeight)),
    ).toBeGreaterThanOrEqual(700);

    // Alle shows open and done as two groups.
    await page.getByRole('button', { name: 'Alle', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^Open \(\d+\)$/);
    for (const heading of await page.getByRole('heading', { level: 2 }).allTextContents())
      expect(heading).toMatch(/^(Open|Afgewerkt) \(\d+\)$/);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await transitionsEnded(page);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: test.info().outputPath(`todos-${label}.png`), fullPage: false });

    // The search box narrows the list, accents and case ignored.
    const search = page.getByRole('searchbox', { name: 'Zoek in je taken' });
    await search.fill(`NIEUWSTÉ TAAK ${stamp}`);
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(`Nieuwste taak ${stamp}`);
    await search.fill('zzzz niets');
    await expect(page.getByText('Geen taken gevonden voor "zzzz niets".')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}
