// Planning visits (decision 028), as a rep does it: plan from a shop page, find the plan in every calendar view, move it
// by dragging (desktop) and by the form (phone), start the visit from Home's Vandaag, and plan and move without signal.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './servers';
import { fillRequiredAndGoToOpvolging, seriousAxeViolations, signIn, transitionsEnded } from './helpers';

const appHeaders = { 'x-prospectie-client': '1' };
const PHONE = { width: 390, height: 844 };

interface Appointment {
  id: number;
  clientId: string | null;
  name: string | null;
  startDate: string;
  endDate: string;
  shopId: number | null;
  prospectionId: number | null;
}

/** A day as YYYY-MM-DD in Brussels, `offset` days from today. */
function brusselsDay(offset = 0): string {
  const day = new Date(Date.now() + offset * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
/**
 * The next weekday after today: the month and week grids leave weekends out (spec §2), and a plan of today at 14:00
 * is no longer the shop's next planned visit once the test runs after 14:45.
 */
function nextWorkday(): string {
  let offset = 1;
  while ([0, 6].includes(weekday(brusselsDay(offset)))) offset++;
  return brusselsDay(offset);
}

/** Signed in once for the whole file; every test starts with that session. */
const STATE = path.join(tmpdir(), `prospectie-planning-${process.env.E2E_PORT ?? 3100}.json`);
test.beforeAll(async ({ browser }) => {
  // Not the file's own `storageState` (it does not exist yet): a fresh context.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await context.storageState({ path: STATE });
  await context.close();
});
test.use({ storageState: STATE });

async function myEmployeeId(page: Page) {
  return ((await (await page.request.get('/api/me')).json()) as { employee: { id: number } }).employee.id;
}

/** The rep's appointments named `title`, as the server has them. */
async function appointmentsNamed(page: Page, title: string) {
  const employeeId = await myEmployeeId(page);
  const res = await page.request.get(`/api/employees/${employeeId}/appointments?from=${brusselsDay(-40)}&to=${brusselsDay(40)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Appointment[]).filter((a) => a.name === title);
}

const shopName = async (page: Page, shopId: number) =>
  ((await (await page.request.get(`/api/shops/${shopId}`)).json()) as { name: string }).name;

/** Opens the calendar from the header and waits for the rep's appointments. */
async function openCalendar(page: Page) {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Agenda' }).first().click();
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  await expect(page.locator('.fc-view')).toBeVisible();
  await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();
}

/**
 * Pages forward once when `day` is not in the range on screen (a plan for next Monday, a month end). A view just
 * switched (a phone's list after the week grid) draws its days a moment later, so the range is judged once drawn.
 */
async function showDay(page: Page, day: string, event: Locator) {
  await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();
  const shown = page.locator(`.fc-view [data-date="${day}"]`).or(event);
  const inRange = await shown
    .first()
    .waitFor({ timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!inRange) await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(event).toBeVisible();
  // The loading line above the calendar goes once the range is in: nothing moves under the pointer after this.
  await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();
}

test('a visit planned from a shop page shows in month, week and list views, moves by dragging and by the form, and can be removed', async ({
  page,
}) => {
  const shopId = 5;
  const name = await shopName(page, shopId);
  const day = nextWorkday();
  await page.goto(`/shop/${shopId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const plan = page.getByRole('region', { name: 'Planning' });
  await plan.getByRole('button', { name: 'Bezoek plannen' }).click();
  const dialog = page.getByRole('dialog', { name: `Bezoek plannen bij ${name}` });
  await expect(dialog.getByLabel('Duur (minuten)')).toHaveValue('60');
  await expect(dialog.getByLabel('Titel')).toHaveAttribute('placeholder', name);
  await dialog.getByLabel('Datum').fill(day);
  await dialog.getByLabel('Beginuur').fill('14:00');
  // Three quarters: FullCalendar drags a time-grid event by its middle, which then sits inside a quarter hour, not on its edge.
  await dialog.getByLabel('Duur (minuten)').fill('45');
  await dialog.getByLabel('Opmerkingen').fill('Voorjaarscollectie tonen');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(dialog).toBeHidden();
  await expect(plan.getByRole('status')).toHaveText(/Afspraak bewaard/);
  // The shop's next planned visit is this one (or an earlier one already planned).
  await expect(page.getByTestId('next-planned-visit')).toContainText('door Sofie Janssens');
  const [created] = await appointmentsNamed(page, name).then((all) => all.filter((a) => a.startDate === `${day}T14:00:00`));
  expect(created).toMatchObject({ shopId, endDate: `${day}T14:45:00` });

  // Month view.
  await openCalendar(page);
  await showDay(page, day, page.locator('.fc-daygrid-event', { hasText: name }).first());

  // Week view: drag it two hours later.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const inWeek = page.locator('.fc-timegrid-event', { hasText: name }).filter({ hasText: '14:00' });
  await showDay(page, day, inWeek);
  const slot = (time: string) => page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`);
  // A window tall enough for the whole day, so the drag does not make the page scroll under the pointer.
  await page.setViewportSize({ width: 1280, height: 1600 });
  const from = (await slot('14:00:00').boundingBox())!;
  const to = (await slot('16:00:00').boundingBox())!;
  const box = (await inWeek.boundingBox())!;
  // Two hours lower, as a rep does it: down until the moving copy reads 16:00 (FullCalendar snaps to quarter hours).
  const x = box.x + box.width / 2;
  await page.mouse.move(x, from.y + from.height / 4);
  await page.mouse.down();
  await page.mouse.move(x, (from.y + to.y) / 2, { steps: 5 });
  const mirror = page.locator('.fc-event-mirror');
  for (const y of [to.y + to.height / 4, to.y - to.height / 4, to.y + (3 * to.height) / 4]) {
    await page.mouse.move(x, y, { steps: 2 });
    if ((await mirror.textContent())?.startsWith('16:00')) break;
  }
  await expect(mirror).toContainText('16:00 - 16:45');
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: 'Afspraak bewaard.' })).toBeVisible();
  await expect.poll(async () => (await appointmentsNamed(page, name)).find((a) => a.id === created.id)?.startDate).toBe(`${day}T16:00:00`);

  // On a phone: the list, and the form instead of dragging.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Lijst' })).toHaveAttribute('aria-pressed', 'true');
  const inList = page.locator('.fc-list-event', { hasText: name }).filter({ hasText: '16:00' });
  await showDay(page, day, inList);
  await inList.locator('.fc-list-event-title').click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('Voorjaarscollectie tonen');
  await details.getByRole('button', { name: 'Bewerken' }).click();
  const form = page.getByRole('dialog', { name: 'Afspraak bewerken' });
  await expect(form.getByLabel('Beginuur')).toHaveValue('16:00');
  await expect(form.getByLabel('Duur (minuten)')).toHaveValue('45');
  await form.getByLabel('Beginuur').fill('11:30');
  await form.getByRole('button', { name: 'Bewaren' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.fc-list-event', { hasText: name }).filter({ hasText: '11:30' })).toBeVisible();
  expect((await appointmentsNamed(page, name)).find((a) => a.id === created.id)).toMatchObject({
    startDate: `${day}T11:30:00`,
    endDate: `${day}T12:15:00`,
  });

  // Removing asks first.
  await page.locator('.fc-list-event', { hasText: name }).filter({ hasText: '11:30' }).locator('.fc-list-event-title').click();
  await details.getByRole('button', { name: 'Verwijderen' }).click();
  await details.getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Afspraak verwijderd.' })).toBeVisible();
  expect((await appointmentsNamed(page, name)).find((a) => a.id === created.id)).toBeUndefined();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("a plan of today starts from Home's Vandaag with its day; once the visit is sent it shows done and links to it", async ({
    page,
  }) => {
    const shopId = 8;
    const name = await shopName(page, shopId);
    const today = brusselsDay();
    const res = await page.request.post('/api/appointments', {
      headers: appHeaders,
      data: { clientId: crypto.randomUUID(), shopId, startDate: `${today}T07:00`, endDate: `${today}T08:00` },
    });
    expect(res.status()).toBe(201);
    const appointment = (await res.json()) as Appointment;

    await page.goto('/home');
    const vandaag = page.getByRole('list', { name: 'Vandaag' });
    const item = vandaag.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('07:00–08:00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await item.getByRole('link', { name: `Start bezoek bij ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${shopId}/prospections/new\\?afspraak=${appointment.id}&datum=${today}$`));
    await expect(page.getByLabel('Datum bezoek')).toHaveValue(today);
    await page.getByLabel('Reden van het bezoek').fill('Gepland bezoek');
    await fillRequiredAndGoToOpvolging(page);
    await page.getByRole('button', { name: 'Verzenden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Prospectie verzonden' })).toBeVisible();
    const [visit] = (await (await page.request.get(`/api/shops/${shopId}/prospections?limit=1`)).json()) as { id: number }[];

    // Home says it is done, the calendar marks it in its list and its dialog links to the visit.
    await page.goto('/home');
    await expect(item.getByRole('link', { name: /Bezocht/ })).toHaveAttribute('href', `/shop/${shopId}/prospections/${visit.id}`);
    await openCalendar(page);
    const inList = page.locator('.fc-list-event', { hasText: `✓ ${name}` });
    await expect(inList).toBeVisible();
    await inList.locator('.fc-list-event-title').click();
    const details = page.getByRole('dialog', { name: new RegExp(name) });
    await expect(details.getByText('Bezocht')).toBeVisible();
    await expect(details.getByRole('link', { name: 'Start bezoek' })).toHaveCount(0);
    await details.getByRole('link', { name: 'Prospectie bekijken' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${shopId}/prospections/${visit.id}$`));
  });

  test('a plan made and then moved without signal arrives once, at its moved time', async ({ page, context }) => {
    const title = `Offline plan ${Date.now()}`;
    const today = brusselsDay();
    await openCalendar(page);
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    await page.getByRole('button', { name: 'Nieuwe afspraak' }).click();
    const form = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
    await form.getByLabel('Titel').fill(title);
    await form.getByLabel('Datum').fill(today);
    await form.getByLabel('Beginuur').fill('10:00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Bewaren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Geen verbinding: je wijziging is bewaard op dit toestel' })).toBeVisible();
    const waiting = page.locator('.fc-list-event.appointment-pending', { hasText: title });
    await expect(waiting).toContainText('10:00');
    // The form has gone and handed focus back (which scrolls the page to its button) before the rep taps the list.
    await expect(form).toHaveCount(0);
    await transitionsEnded(page);

    await waiting.locator('.fc-list-event-title').click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByText('Wacht op verbinding')).toBeVisible();
    await details.getByRole('button', { name: 'Bewerken' }).click();
    const edit = page.getByRole('dialog', { name: 'Afspraak bewerken' });
    await edit.getByLabel('Beginuur').fill('15:00');
    await edit.getByRole('button', { name: 'Bewaren' }).click();
    await expect(page.locator('.fc-list-event.appointment-pending', { hasText: title })).toContainText('15:00');
    expect(await appointmentsNamed(page, title)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Je afspraak is verzonden.' }).first()).toBeVisible();
    await expect
      .poll(async () => (await appointmentsNamed(page, title)).map((a) => [a.startDate, a.endDate]))
      .toEqual([[`${today}T15:00:00`, `${today}T16:00:00`]]);
    await expect(page.locator('.fc-list-event', { hasText: title }).and(page.locator(':not(.appointment-pending)'))).toContainText('15:00');
  });
});

test('Agenda abonneren gives an address the phone’s calendar reads until it is revoked; Agenda importeren takes an Outlook file once', async ({
  page,
}) => {
  await openCalendar(page);
  const subscribe = page.getByRole('region', { name: 'Agenda abonneren' });
  await subscribe.getByRole('button', { name: 'Agenda-adres aanmaken' }).click();
  const address = subscribe.getByLabel('Je agenda-adres');
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[^/]+\.ics$/);
  await expect(subscribe.getByText('Outlook: Agenda → Agenda toevoegen → Van internet')).toBeVisible();
  const feed = await page.request.get(await address.inputValue());
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await subscribe.getByRole('button', { name: 'Adres intrekken' }).click();
  await subscribe.getByRole('button', { name: 'Ja, intrekken' }).click();
  await expect(subscribe.getByText('Je agenda-adres is ingetrokken.')).toBeVisible();
  expect((await page.request.get(await feed.url())).status()).toBe(404);

  const uid = `outlook-${Date.now()}@example.com`;
  const day = brusselsDay(3).replaceAll('-', '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T090000Z',
    `DTSTART:${day}T090000Z`,
    `DTEND:${day}T100000Z`,
    'SUMMARY:Overleg met de aankoper',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const importer = page.getByRole('region', { name: 'Agenda importeren' });
  const file = { name: 'agenda.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) };
  await importer.getByLabel('Agendabestand (.ics)').setInputFiles(file);
  await importer.getByRole('button', { name: 'Importeren' }).click();
  await expect(importer.getByRole('status')).toHaveText('Geïmporteerd: 1 afspraak toegevoegd, 0 bijgewerkt, 0 ongewijzigd.');
  await importer.getByLabel('Agendabestand (.ics)').setInputFiles(file);
  await importer.getByRole('button', { name: 'Importeren' }).click();
  await expect(importer.getByRole('status')).toHaveText('Geïmporteerd: 0 afspraken toegevoegd, 0 bijgewerkt, 1 ongewijzigd.');
  expect(await appointmentsNamed(page, 'Overleg met de aankoper')).toHaveLength(1);

  await importer.getByLabel('Agendabestand (.ics)').setInputFiles({ ...file, buffer: Buffer.from('BEGIN:VCALENDAR\r\nkapot') });
  await importer.getByRole('button', { name: 'Importeren' }).click();
  await expect(importer.getByRole('alert')).toHaveText(
    'Dit bestand kon niet gelezen worden als agenda (.ics). Er werd niets geïmporteerd.',
  );

  // A file of years ago: nothing falls in the window, and the rep reads why instead of a bare '0 toegevoegd'.
  const old = ics.replace(`DTSTART:${day}T090000Z`, 'DTSTART:20190301T090000Z').replace(`DTEND:${day}T100000Z`, 'DTEND:20190301T100000Z');
  await importer.getByLabel('Agendabestand (.ics)').setInputFiles({ ...file, buffer: Buffer.from(old.replace(uid, `oud-${uid}`)) });
  await importer.getByRole('button', { name: 'Importeren' }).click();
  await expect(importer.getByRole('status')).toHaveText(
    'Er werd niets geïmporteerd: het enige agenda-item van dit bestand valt buiten de periode van 30 dagen terug tot een jaar vooruit. Exporteer in Outlook een recentere periode.',
  );
});
