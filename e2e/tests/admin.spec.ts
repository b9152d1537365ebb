// The administration (/beheer, decision 029) as the administrator and the reps meet it, on a desktop and on a phone:
// a rep added here signs in, a deactivated rep is out at once and leaves the assignee list, a new competitor
// brand reaches a newly opened wizard, a merge moves the visits (also one sent later from an outbox), and a rep
// who opens /beheer reads that it is not for her.
import { randomUUID } from 'node:crypto';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './servers';
import { fillRequiredAndGoToOpvolging, next, seriousAxeViolations, signIn, stepHeading } from './helpers';

const appHeaders = { 'x-prospectie-client': '1' };
const ADMIN = 'beheer@example.com';
const REP = 'demo@example.com';

/** Signs the administrator in and opens a page of the administration through the header's Beheer button. */
async function openAdmin(page: Page, section: 'Medewerkers' | 'Merken' | 'Logboek' = 'Medewerkers') {
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: /^Welkom, / })).toBeVisible();
  await page.getByRole('link', { name: 'Beheer' }).click();
  await expect(page).toHaveURL(/\/beheer\/medewerkers$/);
  if (section !== 'Medewerkers')
    await page.getByRole('navigation', { name: 'Onderdelen van het beheer' }).getByRole('link', { name: section }).click();
  await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
}

/** A second person at her own device: a browser context of its own, with the test's viewport. */
async function otherDevice(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'nl-BE', timezoneId: 'Europe/Brussels' });
  return { context, page: await context.newPage() };
}

/** Adds a person through the form; returns her login. */
async function addPerson(page: Page, firstName: string, name: string) {
  const login = `${firstName}.${name}@fc70.example`.toLowerCase().replace(/\s+/g, '');
  await page.getByRole('button', { name: 'Medewerker toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Medewerker toevoegen' });
  await dialog.getByRole('textbox', { name: /^Login/ }).fill(login);
  await dialog.getByRole('textbox', { name: /^Voornaam/ }).fill(firstName);
  await dialog.getByRole('textbox', { name: /^Naam/ }).fill(name);
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText(`${firstName} ${name} is toegevoegd.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  return login;
}

/** Opens a new visit for the shop (a page load, as when she opens the app again). */
async function openWizard(page: Page, shopId: number) {
  await page.goto(`/shop/${shopId}/prospections/new`);
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
}

/** Opens a new visit for the shop and walks to the step with the competitor brands. */
async function openWizardAtBrandmix(page: Page, shopId: number) {
  await openWizard(page, shopId);
  await next(page);
  await expect(stepHeading(page, 2, 'Brandmix')).toBeVisible();
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`administration (${label})`, () => {
    test.use({ viewport });

    test('the administrator adds a rep, who then signs in and is greeted by her first name', async ({ page }) => {
      await openAdmin(page);
      const firstName = label === 'desktop' ? 'Nora' : 'Noor';
      const login = await addPerson(page, firstName, 'Desmet');
      const view = label === 'desktop' ? page.getByRole('table') : page.getByRole('list').filter({ hasText: login });
      await expect(view.getByText(login)).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Afmelden' }).click();
      await signIn(page, login);
      await expect(page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();
      // She is a rep: no Beheer in her header.
      await expect(page.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
    });

    test('a deactivated rep is signed out at her next request and leaves the assignee list', async ({ page, browser }) => {
      const firstName = label === 'desktop' ? 'Lies' : 'Lien';
      await openAdmin(page);
      const login = await addPerson(page, firstName, 'Verstraete');

      // She signs in on her phone, which soon fetches the lists for working offline (3 s after sign-in).
      const rep = await otherDevice(browser, viewport);
      const listsOnHerPhone = Promise.all(
        ['brands', 'competitorbrands', 'contacttypes', 'visittypes', 'employees'].map((list) =>
          rep.page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${list}`),
        ),
      );
      // Awaited below; should the test fail before that, its end must not add an unhandled rejection.
      listsOnHerPhone.catch(() => undefined);
      await signIn(rep.page, login);
      await expect(rep.page.getByRole('heading', { name: `Welkom, ${firstName}!` })).toBeVisible();

      // Until now she is someone a to-do can be handed to.
      await openWizard(page, 21);
      await fillRequiredAndGoToOpvolging(page);
      await page.getByRole('button', { name: 'Voeg item toe' }).click();
      const assignees = page.getByRole('dialog').getByLabel('Toegewezen aan');
      await assignees.fill(`${firstName} Verstraete`);
      await expect(page.getByRole('option', { name: `${firstName} Verstraete` })).toBeVisible();
      await page.keyboard.press('Escape');

      // Her phone has its lists: her next request is her own tap, not that fetch.
      await listsOnHerPhone;
      await page.goto('/beheer/medewerkers');
      await page.getByRole('searchbox', { name: 'Zoek een medewerker' }).fill(login);
      await expect(page.getByRole('status').filter({ hasText: /^1 medewerker$/ })).toBeVisible();
      await page.getByRole('button', { name: `${firstName} Verstraete deactiveren` }).click();
      const confirm = page.getByRole('dialog', { name: `${firstName} Verstraete deactiveren?` });
      await expect(confirm).toContainText('kan niet meer aanmelden');
      await confirm.getByRole('button', { name: 'Deactiveren' }).click();
      await expect(page.getByText(`${firstName} Verstraete is gedeactiveerd.`)).toBeVisible();

      // Her next request is refused, and the app shows the sign-in screen; signing in again is refused in Dutch.
      const refused = rep.page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
      await rep.page.getByRole('link', { name: 'Agenda' }).click();
      await refused;
      await expect(rep.page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
      await rep.page.getByLabel('E-mailadres').fill(login);
      await rep.page.getByRole('button', { name: 'Inloggen' }).click();
      await expect(rep.page.getByText('Je account is gedeactiveerd.', { exact: false })).toBeVisible();
      await rep.context.close();

      // A newly opened wizard no longer offers her.
      await openWizard(page, 22);
      await fillRequiredAndGoToOpvolging(page);
      await page.getByRole('button', { name: 'Voeg item toe' }).click();
      await page.getByRole('dialog').getByLabel('Toegewezen aan').fill(`${firstName} Verstraete`);
      await expect(page.getByText('Geen resultaten')).toBeVisible();
      await expect(page.getByRole('option', { name: `${firstName} Verstraete` })).toHaveCount(0);
    });

    test('a new competitor brand shows in a wizard the rep opens after it was added', async ({ page, browser }) => {
      const brand = `Nieuwkomer ${label}`;
      // The rep opened a wizard earlier: her device keeps the lists.
      const rep = await otherDevice(browser, viewport);
      await signIn(rep.page, REP);
      await expect(rep.page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
      await openWizardAtBrandmix(rep.page, 31);
      await rep.page.getByLabel('Concurrerende brands', { exact: true }).fill(brand);
      await expect(rep.page.getByText('Geen resultaten')).toBeVisible();
      await rep.page.goto('/home');

      await openAdmin(page, 'Merken');
      await page.getByRole('tab', { name: 'Concurrerende merken' }).click();
      await page.getByRole('textbox', { name: 'Nieuw concurrerend merk' }).fill(brand);
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      await expect(page.getByText(`${brand} is toegevoegd.`)).toBeVisible();

      await openWizardAtBrandmix(rep.page, 32);
      await rep.page.getByLabel('Concurrerende brands', { exact: true }).fill(brand);
      await expect(rep.page.getByRole('option', { name: brand, exact: true })).toBeVisible();
      await rep.context.close();
    });

    test('a merge moves the visits, and a visit sent later with the old brand is saved under the merged one', async ({ page }) => {
      const from = `Dubbel ${label}`;
      const into = `Juist ${label}`;
      await openAdmin(page, 'Merken');
      await page.getByRole('tab', { name: 'Concurrerende merken' }).click();
      for (const name of [from, into]) {
        await page.getByRole('textbox', { name: 'Nieuw concurrerend merk' }).fill(name);
        await page.getByRole('button', { name: 'Toevoegen' }).click();
        await expect(page.getByText(`${name} is toegevoegd.`)).toBeVisible();
      }
      const brands = (await (await page.request.get('/api/admin/competitor-brands')).json()) as { id: number; name: string }[];
      const fromId = brands.find((b) => b.name === from)!.id;

      // A visit that names the entry about to be merged, and the same visit kept in an outbox while offline.
      const visit = () => ({
        visitDate: '2026-11-20',
        contactTypeId: 4,
        visitTypeId: 1,
        trends: 'Meer linnen',
        extra: 'Dubbel merk',
        competitorBrandIds: [fromId],
      });
      const before = await page.request.post('/api/shops/41/prospections', { headers: appHeaders, data: visit() });
      expect(before.status()).toBe(201);
      const oldVisit = (await before.json()) as { id: number };

      await page.getByRole('button', { name: `${from} samenvoegen met…` }).click();
      const dialog = page.getByRole('dialog', { name: `${from} samenvoegen` });
      await dialog.getByRole('combobox', { name: 'Samenvoegen met' }).selectOption({ label: into });
      await expect(dialog).toContainText(`Het bezoek met ${from} noemt voortaan ${into}.`);
      await expect(dialog).toContainText('Dit kan niet ongedaan gemaakt worden.');
      await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
      await expect(page.getByText(`${from} is samengevoegd met ${into}.`)).toBeVisible();
      await expect(page.getByText(`Samengevoegd met ${into}`, { exact: true })).toBeVisible();

      // The old visit names the merged brand.
      await page.goto(`/shop/41/prospections/${oldVisit.id}`);
      await expect(page.getByText(into, { exact: true })).toBeVisible();
      await expect(page.getByText(from, { exact: true })).toHaveCount(0);

      // Sent afterwards from a device's outbox, with the old id: saved, under the merged brand.
      const sent = await page.evaluate(
        async ({ body, key }) => {
          const res = await fetch('/api/shops/42/prospections', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', 'x-prospectie-client': '1', 'idempotency-key': key },
            body: JSON.stringify(body),
          });
          return { status: res.status, body: await res.json() };
        },
        { body: visit(), key: randomUUID() },
      );
      expect(sent.status).toBe(201);
      await page.goto(`/shop/42/prospections/${sent.body.id}`);
      await expect(page.getByText(into, { exact: true })).toBeVisible();

      // The log says what happened, newest first.
      await page.goto('/beheer/logboek');
      const newest = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2 }) })
        .first();
      await expect(newest.getByRole('heading')).toHaveText(`Concurrerend merk samengevoegd: ${from}`);
      await expect(newest).toContainText(/door Katrien Peeters/);
    });

    test('a rep who opens /beheer reads that it is not for her', async ({ page }) => {
      await signIn(page, REP);
      await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
      await page.goto('/beheer/merken');
      await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
      await expect(page.getByText(/Je hebt geen toegang tot dit deel van Prospectie\./)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Home', exact: true }).last()).toBeVisible();
      // The server refuses her too.
      expect((await page.request.get('/api/admin/people')).status()).toBe(403);
    });

    test('the three pages, as pictures to look at, fit the screen', async ({ page }) => {
      /** A picture of the screen (a phone's screenful, a desktop's whole page), and nothing wider than the window. */
      const shoot = async (name: string) => {
        await page.screenshot({ path: test.info().outputPath(`admin-${name}-${label}.png`), fullPage: label === 'desktop' });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      };
      const sections = page.getByRole('navigation', { name: 'Onderdelen van het beheer' });
      await openAdmin(page);
      await page.getByRole('button', { name: 'Alle' }).click();
      await expect(page.getByRole('status').filter({ hasText: /medewerkers?$/ })).toBeVisible();
      await shoot('people');
      await page.getByRole('button', { name: 'Medewerker toevoegen' }).click();
      await expect(page.getByRole('dialog', { name: 'Medewerker toevoegen' })).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Toevoegen' }).click();
      await expect(page.getByRole('dialog').getByText('Vul dit veld in.').first()).toBeVisible();
      await shoot('person-dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Annuleren' }).click();
      await sections.getByRole('link', { name: 'Merken' }).click();
      await page.getByRole('tab', { name: 'Concurrerende merken' }).click();
      await expect(page.getByRole('status').filter({ hasText: /merken?$/ })).toBeVisible();
      await shoot('brands');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await sections.getByRole('link', { name: 'Logboek' }).click();
      await expect(page.getByRole('status').filter({ hasText: /getoond|Nog geen/ })).toBeVisible();
      await shoot('log');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}

test('the first administrator, named in ADMIN_LOGINS, gets in with no employee, reaches only Beheer, and gives herself her names', async ({
  page,
}) => {
  const login = 'eerste.beheerder@fc70.example';
  await signIn(page, login);
  // No employee yet: the rep screens say so, the header leads to the administration.
  await expect(page.getByRole('alert')).toHaveText('Gebruiker niet gevonden. Probeer opnieuw aan te melden.');
  await page.getByRole('link', { name: 'Beheer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoek een medewerker' }).fill(login);
  const row = page.getByRole('row', { name: new RegExp(`^${login} \\(jij\\)`) });
  await expect(row).toContainText('geen medewerker gekoppeld');
  // Her role comes from ADMIN_LOGINS, not from the roles set in the app: the table shows the app's.

  await row.getByRole('button', { name: `${login} bewerken` }).click();
  const dialog = page.getByRole('dialog', { name: `${login} bewerken` });
  await dialog.getByRole('textbox', { name: /^Voornaam/ }).fill('Eerste');
  await dialog.getByRole('textbox', { name: /^Naam/ }).fill('Beheerder');
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(page.getByText('Eerste Beheerder is bewaard.')).toBeVisible();

  // The server keeps a session's account for a few seconds (decision 017); the next look after that greets her.
  await expect(async () => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Welkom, Eerste!' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await page.goto('/beheer/logboek');
  await expect(page.getByRole('heading', { name: `Medewerker aangemaakt bij de eerste aanmelding: ${login}` })).toBeVisible();
});
