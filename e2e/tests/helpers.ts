// Shared steps of the end-to-end tests: sign in as a seeded rep, run axe-core on a page, walk the visit wizard.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function signIn(page: Page, email = 'demo@example.com') {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** Serious and critical axe-core violations on the current page (an empty list is a pass). */
export async function seriousAxeViolations(page: Page) {
  // Evaluated through DevTools, so the app's Content-Security-Policy stays in force for the page.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The visit wizard's heading of step `n` named `name`. */
export const stepHeading = (page: Page, n: number, name: string) => page.getByRole('heading', { name: `Stap ${n} van 7: ${name}` });

/** Clicks Volgende and waits for the next step (two quick clicks would move only one step). */
export async function next(page: Page) {
  const heading = page.getByRole('heading', { name: /^Stap \d van 7/ });
  const before = (await heading.textContent()) ?? '';
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(heading).not.toHaveText(before);
}

/** From the wizard's Info step to Opvolging, filling only the required fields (both on Feedback). */
export async function fillRequiredAndGoToOpvolging(page: Page) {
  for (let i = 0; i < 5; i++) await next(page);
  await page.getByLabel(/Trends en noden in de markt/).fill('Vraag naar basics');
  await page.getByLabel(/Extra opmerkingen\/feedback/).fill('Niets extra');
  await next(page);
  await expect(stepHeading(page, 7, 'Opvolging')).toBeVisible();
}
