// The wizard's full visit for wizard.spec.ts: all seven steps walked with every kind of value and every validation
// message, then every saved value read back; and the small helpers its tests share.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './servers';
import { next, seriousAxeViolations, signIn, stepHeading } from './helpers';

interface Named {
  id: number;
  name: string;
}
interface Employee {
  id: number;
  firstName: string;
  name: string;
}

/** Clicks Volgende where a check should keep the rep on (or send them back to) a step. */
const nextBlocked = (page: Page) => page.getByRole('button', { name: 'Volgende' }).click();

/** A shop whose owner is on file (contact info code 5). */
async function shopWithOwner(page: Page) {
  for (let id = 1; id < 60; id++) {
    const res = await page.request.get(`/api/contactinfo/${id}/5`);
    if (res.ok()) return { id, owner: (await res.json()) as { name: string; email: string; phoneNumber: string } };
  }
  throw new Error('no shop with an owner on file');
}

export async function prospectionCount(page: Page, shopId: number) {
  const res = await page.request.get(`/api/shops/${shopId}/prospections`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as unknown[]).length;
}

/** Chooses an option in the react-select labelled `label` (the nth one when several share the label). */
export async function pick(scope: Page | Locator, label: string, option: string, nth = 0) {
  await scope.getByLabel(label, { exact: true }).nth(nth).fill(option);
  await scope.getByRole('option', { name: option, exact: true }).click();
}

async function expectAccessibleAndNarrowEnough(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Walks all seven steps with every kind of value, meeting each validation message on the way; sends; returns what was typed. */
export async function recordFullVisit(page: Page) {
  // Seven steps, an axe run on each and a read-back of every value: more than one test's usual minute on a busy machine.
  test.slow();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const { id: shopId, owner } = await shopWithOwner(page);
  const shopName = ((await (await page.request.get(`/api/shops/${shopId}`)).json()) as Named).name;
  /** A line of the 'Nieuwe contactinformatie' to-do names the shop and the contact. */
  const contactLine = (detail: string) => `${shopName}, ${owner.name} – ${detail}`;
  const brands = (await (await page.request.get('/api/brands')).json()) as Named[];
  const competitors = (await (await page.request.get('/api/competitorbrands')).json()) as Named[];
  const employees = (await (await page.request.get('/api/employees')).json()) as Employee[];
  const jan = employees.find((e) => e.firstName === 'Jan' && e.name === 'Maes')!;
  const sofie = employees.find((e) => e.firstName === 'Sofie' && e.name === 'Janssens')!;
  const third = employees.find((e) => e.id !== jan.id && e.firstName !== 'Sofie')!;
  const fullName = (e: Employee) => `${e.firstName} ${e.name}`;
  const countBefore = await prospectionCount(page, shopId);

  await page.goto(`/shop/${shopId}/prospections/new`);
  await expect(page.getByRole('heading', { name: 'Nieuwe prospectie', level: 1 })).toBeVisible();

  // --- Info ---
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Stappen van de prospectie' }).locator('[aria-current="step"]')).toContainText('Info');
  await expect(page.getByLabel('Type bezoek')).toHaveValue('4');
  await expect(page.getByLabel('Type contact')).toHaveValue('4');
  await page.getByLabel('Type bezoek').selectOption({ label: 'Prospectie' });
  await page.getByLabel('Type contact').selectOption({ label: 'Eigenaar' });
  await expect(page.getByRole('textbox', { name: /^Naam contactpersoon/ })).toHaveValue(owner.name);
  await expect(page.getByRole('textbox', { name: /^E-mail contactpersoon/ })).toHaveValue(owner.email);
  await expectAccessibleAndNarrowEnough(page);
  // The owner's fields are required but not red before the rep tried to go on.
  await expect(page.getByRole('textbox', { name: /^Naam contactpersoon/ })).not.toHaveAttribute('aria-invalid', 'true');
  await nextBlocked(page);
  await expect(page.getByRole('alert')).toHaveText('Gelieve de nodige contact informatie af te vinken.');
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Naam contactpersoon/ })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('checkbox', { name: 'Naam contactpersoon klopt' }).check();
  await page.getByRole('checkbox', { name: 'E-mail contactpersoon klopt' }).check();
  const newPhone = '0470 99 88 77';
  const phone = page.getByRole('textbox', { name: /^Telefoon contactpersoon/ });
  await phone.fill(newPhone);
  await expect(page.getByRole('checkbox', { name: 'Telefoon contactpersoon klopt' })).toBeChecked();
  await phone.fill('');
  await expect(page.getByRole('checkbox', { name: 'Telefoon contactpersoon klopt' })).not.toBeChecked();
  await phone.fill(newPhone);
  const reason = page.getByLabel('Reden van het bezoek');
  await reason.fill('x'.repeat(510));
  await expect(reason).toHaveValue('x'.repeat(500));
  await expect(page.getByText('500/500 tekens')).toBeVisible();
  const visitContext = 'Voorstelling van de nieuwe wintercollectie.';
  await reason.fill(visitContext);
  await expect(page.getByText(`${visitContext.length}/500 tekens`)).toBeVisible();
  await next(page);

  // --- Brandmix: the other brands ---
  await expect(stepHeading(page, 2, 'Brandmix')).toBeVisible();
  const [brandA, brandB, brandC] = brands;
  const competitor = competitors[0];
  await pick(page, 'Concurrerende brands', competitor.name);
  await page.getByLabel('Nieuwe brands').fill('Studio Zand');
  await expectAccessibleAndNarrowEnough(page);
  await next(page);

  // --- Algemeen ---
  await expect(stepHeading(page, 3, 'Algemeen')).toBeVisible();
  await page.getByLabel('Best verkopende brands').fill(brandA.name);
  await page.getByLabel('Slechtst verkopende brands').fill('Mexx');
  await page.getByLabel('Stopgezette brands').fill('Esprit');
  await expectAccessibleAndNarrowEnough(page);
  await next(page);

  // --- FC70: sell-out per FC70 brand, one decimal with a comma or a point ---
  await expect(stepHeading(page, 4, 'FC70')).toBeVisible();
  await pick(page, 'FC70 brands in de winkel', brandA.name);
  await pick(page, 'FC70 brands in de winkel', brandB.name);
  const selloutA = page.getByRole('textbox', { name: `Sellout van ${brandA.name} (%)` });
  await expect(selloutA).toHaveAttribute('placeholder', '[0-100]');
  await selloutA.fill('120');
  await nextBlocked(page);
  await expect(page.getByText('De sellout kan niet hoger zijn dan 100.')).toBeVisible();
  await expect(selloutA).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('Pas eerst de rood gemarkeerde velden aan.');
  await expect(stepHeading(page, 4, 'FC70')).toBeVisible();
  await selloutA.fill('30.55');
  await expect(page.getByText('Geef de sellout met hoogstens één cijfer na de komma, bijvoorbeeld 12,5.')).toBeVisible();
  await selloutA.fill('60');
  await page.getByRole('textbox', { name: `Opmerking bij ${brandA.name}` }).fill('Loopt goed bij jonge klanten');
  await page.getByRole('textbox', { name: `Sellout van ${brandB.name} (%)` }).fill('25,5');
  await expect(page.getByText('De sellout kan niet hoger zijn dan 100.')).toHaveCount(0);
  await expectAccessibleAndNarrowEnough(page);
  await next(page);

  // --- Interesses ---
  await expect(stepHeading(page, 5, 'Interesses')).toBeVisible();
  await pick(page, 'Interesse in FC70 brands', brandC.name);
  await page.getByRole('textbox', { name: `Opmerking bij ${brandC.name}` }).fill('Wil stalen zien');
  await expectAccessibleAndNarrowEnough(page);
  await next(page);

  // --- Feedback: both required fields, checked on this step (spec §5) ---
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();
  await expect(page.getByLabel(/Trends en noden in de markt/)).toHaveAttribute('aria-required', 'true');
  await page.getByLabel(/Extra opmerkingen\/feedback/).fill('Koffie was lekker.');
  await expectAccessibleAndNarrowEnough(page);
  await nextBlocked(page);
  await expect(page.getByRole('alert')).toHaveText('Gelieve de verplichte velden in te vullen.');
  await expect(stepHeading(page, 6, 'Feedback')).toBeVisible();
  await expect(page.getByLabel(/Trends en noden in de markt/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/Trends en noden in de markt/).fill('Meer vraag naar duurzame denim.');
  await next(page);

  // --- Opvolging ---
  await expect(stepHeading(page, 7, 'Opvolging')).toBeVisible();
  const titles = page.getByRole('textbox', { name: /^Titel/ });
  await expect(titles).toHaveCount(3);
  await expect(titles.nth(0)).toHaveValue('Nieuwe contactinformatie');
  await expect(page.getByRole('textbox', { name: 'Beschrijving' }).nth(0)).toHaveValue(contactLine(`Telefoon: ${newPhone}`));
  await expect(titles.nth(1)).toHaveValue('Nieuwe brands');
  await expect(titles.nth(2)).toHaveValue('FC70 brand interesses');
  await expect(page.getByRole('textbox', { name: 'Beschrijving' }).nth(2)).toHaveValue(`${brandC.name}: Wil stalen zien`);
  // Listed to-dos can be renamed, assigned and deleted.
  await titles.nth(1).fill('Studio Zand contacteren');
  await pick(page, 'Toegewezen aan', fullName(jan), 1);
  await page.getByRole('button', { name: 'Taak "FC70 brand interesses" verwijderen' }).click();
  await expect(titles).toHaveCount(2);
  await expectAccessibleAndNarrowEnough(page);

  await page.getByRole('button', { name: 'Voeg item toe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe taak' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Vul alle velden in.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByLabel('Titel').fill('Stalen bezorgen');
  await dialog.getByLabel('Beschrijving').fill('Stalen van de wintercollectie binnenbrengen.');
  // Title and description without an assignee are not enough either.
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Vul alle velden in.');
  await pick(dialog, 'Toegewezen aan', fullName(jan));
  await pick(dialog, 'Toegewezen aan', fullName(third));
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(dialog.getByText('Nieuwe taak "Stalen bezorgen" toegevoegd')).toBeVisible();
  await expect(dialog.getByLabel('Titel')).toHaveValue('');
  await expect(dialog.getByText('Nieuwe taak "Stalen bezorgen" toegevoegd')).toBeHidden({ timeout: 7000 });
  await dialog.getByRole('button', { name: 'Terug' }).click();
  await expect(dialog).toBeHidden();
  await expect(titles).toHaveCount(3);
  await expect(titles.nth(2)).toHaveValue('Stalen bezorgen');

  // The automatic to-dos start assigned to the rep herself.
  await expect(page.locator('.wizard-item').nth(0)).toContainText(fullName(sofie));

  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shopId}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Prospectie verzonden' })).toBeVisible();
  expect(await prospectionCount(page, shopId)).toBe(countBefore + 1);
  // The new visit is on top of the shop's recent visits.
  const [newest] = (await (await page.request.get(`/api/shops/${shopId}/prospections?limit=1`)).json()) as { id: number }[];
  const visitLinks = page.locator('main a[href*="/prospections/"]:not([href$="/new"])');
  await expect(visitLinks.first()).toHaveAttribute('href', `/shop/${shopId}/prospections/${newest.id}`);

  return { shopId, owner, contactLine, brandA, brandB, brandC, competitor, newPhone, visitContext, jan, sofie, third, fullName };
}

export async function expectSavedVisit(page: Page, v: Awaited<ReturnType<typeof recordFullVisit>>) {
  const [latest] = (await (await page.request.get(`/api/shops/${v.shopId}/prospections`)).json()) as { id: number; employeeName: string }[];
  const id = latest.id;
  const get = async <T>(path: string) => (await (await page.request.get(`/api${path}`)).json()) as T;
  expect(await get(`/prospections/${id}`)).toMatchObject({
    shopId: v.shopId,
    visitTypeId: 1,
    contactTypeId: 1,
    contactName: v.owner.name,
    contactEmail: v.owner.email,
    contactPhone: v.newPhone,
    visitContext: v.visitContext,
    newBrands: 'Studio Zand',
    bestBrands: v.brandA.name,
    worstBrands: 'Mexx',
    terminatedBrands: 'Esprit',
    trends: 'Meer vraag naar duurzame denim.',
    extra: 'Koffie was lekker.',
    employeeName: 'Sofie Janssens',
  });
  const brands = await get<{ brandId: number; sellout: number | null; selloutRemark: string | null }[]>(`/prospections/${id}/brands`);
  expect(
    brands.map(({ brandId, sellout, selloutRemark }) => ({ brandId, sellout, selloutRemark })).sort((a, b) => a.brandId - b.brandId),
  ).toEqual(
    [
      { brandId: v.brandA.id, sellout: 60, selloutRemark: 'Loopt goed bij jonge klanten' },
      { brandId: v.brandB.id, sellout: 25.5, selloutRemark: null },
    ].sort((a, b) => a.brandId - b.brandId),
  );
  expect(await get(`/prospections/${id}/competitorbrands`)).toEqual([
    { competitorBrandId: v.competitor.id, competitorBrandName: v.competitor.name },
  ]);
  expect(await get(`/prospections/${id}/brandinterests`)).toMatchObject([{ brandId: v.brandC.id, remark: 'Wil stalen zien' }]);
  const todos = await get<{ name: string; remarks: string; toDoTypeId: number; toDoStatusId: number; employees: { id: number }[] }[]>(
    `/prospections/${id}/todos`,
  );
  const summary = todos
    .map((t) => ({
      name: t.name,
      remarks: t.remarks,
      type: t.toDoTypeId,
      status: t.toDoStatusId,
      employees: t.employees.map((e) => e.id).sort(),
    }))
    .sort((a, b) => a.type - b.type);
  expect(summary).toEqual([
    { name: 'Nieuwe contactinformatie', remarks: v.contactLine(`Telefoon: ${v.newPhone}`), type: 1, status: 1, employees: [v.sofie.id] },
    { name: 'Studio Zand contacteren', remarks: 'Studio Zand', type: 2, status: 1, employees: [v.sofie.id, v.jan.id].sort() },
    {
      name: 'Stalen bezorgen',
      remarks: 'Stalen van de wintercollectie binnenbrengen.',
      type: 4,
      status: 1,
      employees: [v.jan.id, v.third.id].sort(),
    },
  ]);

  // The read-only detail page shows the visit with its assignees.
  await page.goto(`/shop/${v.shopId}/prospections/${id}`);
  for (const text of [
    v.owner.name,
    v.owner.email,
    v.newPhone,
    v.visitContext,
    'Prospectie',
    v.brandA.name,
    'Loopt goed bij jonge klanten',
    v.brandB.name,
    v.competitor.name,
    'Studio Zand',
    'Mexx',
    'Esprit',
    'Sellout: 25,5%',
    v.brandC.name,
    'Wil stalen zien',
    'Meer vraag naar duurzame denim.',
    'Koffie was lekker.',
    'Studio Zand contacteren',
    'Stalen bezorgen',
  ]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(v.fullName(v.jan)).first()).toBeVisible();
  await expect(page.getByText(v.fullName(v.third)).first()).toBeVisible();

  // A sent visit leaves no draft behind.
  await page.goto(`/shop/${v.shopId}/prospections/new`);
  await expect(stepHeading(page, 1, 'Info')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Doorgaan met je concept' })).toHaveCount(0);
}
