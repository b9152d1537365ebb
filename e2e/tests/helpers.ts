// Shared steps of the end-to-end tests: sign in as a seeded rep, run axe-core on a page, find tap targets below
// thumb size, walk the visit wizard.
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

/** Waits until every transition and finite animation on the page has ended (a spinner's endless one is not waited for). */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Serious and critical axe-core violations on the current page (an empty list is a pass). */
export async function seriousAxeViolations(page: Page) {
  // A dialog still fading in blends its colours with the page behind it, which axe reads as too little contrast:
  // what a user reads is the screen once its transitions have ended. The pointer goes off the page first: a button
  // the new screen drew under the last click starts its hover transition when Chromium next hit-tests, which can be
  // after the transitions were waited for (a phone has no hover).
  await page.mouse.move(0, 0);
  await transitionsEnded(page);
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

const MIN_HEIGHT = 44;

/** Every visible tappable element lower than 44 px, described so a failure says which one. */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const tappable =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=option], [role=switch], .fc-event';
    const describe = (el: Element) => {
      const name = (
        el.getAttribute('aria-label') ||
        el.textContent ||
        el.getAttribute('placeholder') ||
        (el as HTMLInputElement).name ||
        ''
      )
        .trim()
        .slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${Array.from(el.classList).slice(0, 3).join('.')} "${name}"`;
    };
    /** The box a finger hits: a checkbox's or radio's row with its label, a select's whole control. */
    const carrier = (el: Element): Element => {
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        return el.closest('.form-check, label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null) ?? el;
      }
      if (el instanceof HTMLInputElement) {
        const control = el.closest('[class*="-control"], .shop-combobox-control');
        if (control) return control;
      }
      return el;
    };
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll(tappable))) {
      const own = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not shown, or only there for screen readers (visually-hidden is 1 × 1 px).
      if (own.width <= 1 || own.height <= 1 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
      if ((el as HTMLButtonElement).disabled && el.closest('.visually-hidden')) continue;
      const box = carrier(el).getBoundingClientRect();
      if (box.height < min - 0.5) small.push(`${describe(el)}: ${Math.round(box.height)} px`);
    }
    return small;
  }, MIN_HEIGHT);
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

/** Signs in as the demo rep, opens the shop and from there its visit wizard, on its Info step. */
export async function openWizard(page: Page, shopId: number) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.goto(`/shop/${shopId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Nieuwe prospectie' }).click();
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
}

/** From the wizard's Info step to Opvolging, filling only the required fields (both on Feedback). */
export async function fillRequiredAndGoToOpvolging(page: Page) {
  for (let i = 0; i < 5; i++) await next(page);
  await page.getByLabel(/Trends en noden in de markt/).fill('Vraag naar basics');
  await page.getByLabel(/Extra opmerkingen\/feedback/).fill('Niets extra');
  await next(page);
  await expect(stepHeading(page, 7, 'Opvolging')).toBeVisible();
}

/** What the app sends with every write (the server refuses a write without it). */
export const APP_HEADERS = { 'x-prospectie-client': '1' };

/** Registers a shop as a rep does in the field (no customer number) in Brugge 8000; its id. */
export async function registerFieldShopInBrugge(page: Page, name: string): Promise<number> {
  const countries = (await (await page.request.get('/api/countries')).json()) as { id: number; name: string }[];
  const belgium = countries.find((c) => c.name === 'België')!;
  const cities = (await (await page.request.get(`/api/countries/${belgium.id}/cities`)).json()) as {
    id: number;
    name: string;
    postalCode: string;
  }[];
  const brugge = cities.find((c) => c.name === 'Brugge' && c.postalCode === '8000')!;
  const registered = await page.request.post('/api/shops/register', {
    headers: APP_HEADERS,
    data: { name, countryId: belgium.id, cityId: brugge.id, postalCode: '8000' },
  });
  expect(registered.status()).toBe(201);
  return ((await registered.json()) as { id: number }).id;
}
