// axe-core on every screen, at desktop and phone width: zero serious or critical violations.
// Sign-in, Home, shop, visit overview, visit detail, new shop, sample report, agenda, my to-dos, settings, 404,
// the Fout page, a shop that does not exist, and each of the wizard's seven steps.
import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn } from './helpers';

interface Visit {
  id: number;
}

/** A shop with at least one visit, from the API the app itself uses. */
async function shopWithVisit(page: Page) {
  const shops = (await (await page.request.get('/api/shops')).json()) as { id: number; name: string }[];
  for (const shop of shops) {
    const visits = (await (await page.request.get(`/api/shops/${shop.id}/prospections`)).json()) as Visit[];
    if (visits.length) return { shop, visit: visits[0] };
  }
  throw new Error('no shop with a visit in the demo data');
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  // Nothing still loading: the screen's own content is what axe must judge.
  await expect(page.getByRole('status').filter({ hasText: /laden|geladen/i })).toHaveCount(0);
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`axe on every screen (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('sign-in screen', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
      await expectNoSeriousViolations(page, 'sign-in');
    });

    test('every screen of a signed-in rep', async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
      await expectNoSeriousViolations(page, 'Home');

      const { shop, visit } = await shopWithVisit(page);
      const screens: [string, string, Parameters<Page['getByRole']>[1]][] = [
        ['shop', `/shop/${shop.id}`, { name: shop.name, level: 1 }],
        ['visit overview', `/shop/${shop.id}/prospections`, { name: 'Prospecties', level: 1 }],
        ['visit detail', `/shop/${shop.id}/prospections/${visit.id}`, { name: /Prospectie/, level: 1 }],
        ['new shop', '/shop/new', { name: 'Nieuwe winkel', level: 1 }],
        ['sample report', '/prospectionreport/new', { name: 'Prospectie Voorbeeld Rapport', level: 1 }],
        ['agenda', '/agenda', { name: 'Agenda', level: 1 }],
        ['my to-dos', '/taken', { name: 'Mijn taken', level: 1 }],
        ['settings', '/instellingen', { name: 'Instellingen', level: 1 }],
        ['404', '/404', { level: 1 }],
        ['Fout', '/dit-bestaat-niet', { name: 'Fout', level: 1 }],
        ['unknown shop', '/shop/2147483000', { name: 'Winkel niet gevonden', level: 1 }],
      ];
      for (const [screen, url, heading] of screens) {
        await page.goto(url);
        await expect(page.getByRole('heading', heading).first(), screen).toBeVisible();
        await expectNoSeriousViolations(page, screen);
      }
    });

    test('each step of the new-prospection wizard', async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
      const { shop } = await shopWithVisit(page);
      await page.goto(`/shop/${shop.id}/prospections/new`);
      await expect(page.getByRole('heading', { name: 'Nieuwe prospectie', level: 1 })).toBeVisible();
      const stepHeading = page.getByRole('heading', { name: /^Stap \d van 7/ });
      const steps = ['Info', 'Brandmix', 'Algemeen', 'FC70', 'Interesses', 'Feedback', 'Opvolging'];
      for (const [i, name] of steps.entries()) {
        await expect(stepHeading, name).toHaveText(`Stap ${i + 1} van 7: ${name}`);
        await expectNoSeriousViolations(page, `wizard step ${name}`);
        // The fields a step needs before Opvolging may be reached.
        if (name === 'Feedback') {
          await page.getByLabel(/Trends en noden in de markt/).fill('Duurzame denim.');
          await page.getByLabel(/Extra opmerkingen\/feedback/).fill('Goed gesprek.');
        }
        if (i < steps.length - 1) await page.getByRole('button', { name: 'Volgende' }).click();
      }
    });
  });
}
