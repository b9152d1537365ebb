import { type Page } from '@playwright/test';
import { expect, test } from './servers';
import { colleagueColour, OWN_COLOUR } from '../../web/src/features/planning/colours';
import { formatDateTime } from '../../web/src/lib/format';
import { seriousAxeViolations, signIn } from './helpers';

/** A '#rrggbb' of the calendar's colour rule as the browser computes it, 'rgb(r, g, b)'. */
const computed = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const YELLOW = computed(OWN_COLOUR.background);
const TOMATO = computed(colleagueColour(0).background);
const GREEN = computed(colleagueColour(1).background);

interface Appointment {
  id: number;
  name: string | null;
  remarks: string | null;
  startDate: string;
  endDate: string;
}

/** Signs in as the demo rep and opens the calendar, returning the rep's appointments of the first range shown. */
async function openCalendar(page: Page, { signedIn = false } = {}) {
  if (!signedIn) await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  const own = page.waitForResponse((r) => /\/api\/employees\/\d+\/appointments\?from=/.test(r.url()));
  await page.getByRole('link', { name: 'Agenda' }).click();
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  return (await (await own).json()) as Appointment[];
}

// The appointments drawn; a busy day's "+n extra" (.calendar-more) is a link to the rest, not one of them.
const eventColours = (page: Page) =>
  page
    .locator('.fc-event:not(.calendar-more)')
    .evaluateAll((els) => [...new Set(els.map((el) => getComputedStyle(el).backgroundColor))].sort());

test('the calendar’s code is not part of the first download', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  expect(scripts.filter((url) => url.includes('CalendarPage'))).toEqual([]);
  await page.getByRole('link', { name: 'Agenda' }).click();
  await expect(page.locator('.fc')).toBeVisible();
  expect(scripts.filter((url) => url.includes('CalendarPage'))).toHaveLength(1);
});

test('the rep sees their own appointments in yellow in the month view', async ({ page }) => {
  const own = await openCalendar(page);
  expect(own.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Maand', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const label of ['Vorige', 'Volgende', 'Vandaag', 'Week', 'Dag']) {
    await expect(page.getByRole('button', { name: label })).toBeVisible();
  }
  await expect(page.locator('.fc-event').first()).toBeVisible();
  expect(await eventColours(page)).toEqual([YELLOW]);
  await expect(page.getByLabel('Vergelijk met de kalender van een collega:')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legende' }).getByRole('listitem')).toHaveText(['Sofie Janssens (mijn agenda)']);
  // Weekends are hidden: five day columns, Monday first.
  await expect(page.locator('.fc-col-header-cell')).toHaveCount(5);
  await expect(page.locator('.fc-col-header-cell').first()).toHaveClass(/fc-day-mon/);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('choosing two colleagues adds their appointments in tomato red and green, with a legend', async ({ page }) => {
  await openCalendar(page);
  await expect(page.locator('.fc-event').first()).toBeVisible();

  // Slow the colleagues' answers down a little, so the loading notice can be seen.
  await page.route('**/api/employees/*/appointments?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const select = page.getByLabel('Vergelijk met de kalender van een collega:');
  await select.click();
  const options = page.getByRole('option');
  const names = await options.allTextContents();
  expect(names).not.toContain('Sofie Janssens');
  const surnames = names.map((n) => n.split(' ').slice(1).join(' '));
  expect(surnames).toEqual([...surnames].sort((a, b) => a.localeCompare(b, 'nl')));
  // Two colleagues of the demo data (README), whose calendars are full: other suites add colleagues with none.
  const [first, second] = ['Eva De Vries', 'Jan Maes'];
  expect(names).toEqual(expect.arrayContaining([first, second]));
  await page.getByRole('option', { name: first, exact: true }).click();
  await expect(page.getByText('Agenda wordt geladen...')).toBeVisible();
  await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();
  await select.click();
  await page.getByRole('option', { name: second, exact: true }).click();
  await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();

  const legend = page.getByRole('list', { name: 'Legende' }).getByRole('listitem');
  await expect(legend).toHaveText(['Sofie Janssens (mijn agenda)', first, second]);
  const swatches = await legend.locator('.colour-swatch').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  expect(swatches).toEqual([YELLOW, TOMATO, GREEN]);
  await expect.poll(() => eventColours(page)).toEqual([GREEN, TOMATO, YELLOW].sort());
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('clicking an appointment shows its title and Dutch start and end times; Escape and the overlay close it', async ({ page }) => {
  const own = await openCalendar(page);
  const timed = own.find((a) => a.name && Number(a.startDate.slice(11, 13)) >= 10 && a.startDate.slice(0, 10) === a.endDate.slice(0, 10));
  expect(timed, 'a timed appointment of the demo rep in this month').toBeTruthy();
  const appointment = timed!;

  const event = page
    .locator(`.fc-day[data-date="${appointment.startDate.slice(0, 10)}"] .fc-event`, { hasText: appointment.name! })
    .first();
  await event.click();
  const dialog = page.getByRole('dialog', { name: appointment.name! });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Start:${formatDateTime(appointment.startDate)}`);
  await expect(dialog).toContainText(`Eind:${formatDateTime(appointment.endDate)}`);
  await expect(dialog).toContainText(/Agenda van:\s*Sofie Janssens \(mijn agenda\)/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Focus returns to the event, where the keyboard opens it again; the overlay closes the dialog.
  await expect(event).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 300);
  await expect(dialog).toBeHidden();
});

test('a busy day shows its first appointments and "+n extra", which lists the whole day and opens any of them', async ({ page }) => {
  await openCalendar(page);
  await expect(page.locator('.fc-event').first()).toBeVisible();
  // A weekday of the month shown (its second week), on which a colleague has six more appointments than the demo data.
  const day = (await page.locator('.fc-daygrid-day:not(.fc-day-other)[data-date]').nth(7).getAttribute('data-date'))!;
  const busy = Array.from({ length: 6 }, (_, i) => `Drukke dag ${i + 1}`);
  await page.route('**/api/employees/*/appointments?*', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const real = (await response.json()) as Array<Appointment & Record<string, unknown>>;
    const extra = busy.map((name, i) => ({
      ...real[0],
      id: 990_001 + i,
      name,
      remarks: null,
      prospectionId: null,
      startDate: `${day}T${String(10 + i).padStart(2, '0')}:00:00`,
      endDate: `${day}T${String(10 + i).padStart(2, '0')}:30:00`,
    }));
    await route.fulfill({ response, json: [...real, ...extra] });
  });
  const select = page.getByLabel('Vergelijk met de kalender van een collega:');
  await select.click();
  await page.getByRole('option', { name: 'Eva De Vries', exact: true }).click();
  await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();

  // The day's cell draws three appointments and "+n extra" for the others, as FullCalendar's own link would.
  const cell = page.locator(`.fc-daygrid-day[data-date="${day}"]`);
  const more = cell.getByRole('button', { name: /^\+\d+ extra\s*, alle afspraken van [a-z]+dag \d+ [a-z]+ \d{4} tonen$/ });
  await expect(more.locator('.fc-event-title')).toHaveText(/^\+\d+ extra, alle afspraken/);
  await expect(cell.locator('.fc-daygrid-event:not(.calendar-more)')).toHaveCount(3);
  const folded = Number((await more.textContent())!.match(/\d+/)![0]);

  // Its list holds every appointment of the day: the three drawn and the ones folded, Eva's six among them.
  await more.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog');
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(/^[A-Z][a-z]+dag \d+ [a-z]+ \d{4}$/);
  await expect(list.getByRole('listitem')).toHaveCount(3 + folded);
  for (const name of busy) await expect(list.getByRole('button', { name: new RegExp(`${name}\\s*Eva De Vries`) })).toBeVisible();
  await expect(list.getByRole('button', { name: /Drukke dag 2/ })).toContainText('11:00–11:30');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('calendar-day-list-1280.png') });

  // Choosing one opens its details, as a click in the grid does.
  await list.getByRole('button', { name: /Drukke dag 6/ }).click();
  const details = page.getByRole('dialog', { name: 'Drukke dag 6' });
  await expect(details).toBeVisible();
  await expect(details).toContainText(/Agenda van:\s*Eva De Vries/);
  await expect(details).toContainText(`Start:${formatDateTime(`${day}T15:00:00`)}`);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  // Focus is back where the keyboard user left the grid: on "+n extra", whose Enter opens the list again.
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(3 + folded);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // The week draws every appointment, no "+n extra" (from here on the server's own answers: a request the week
  // cancels must not leave the route above reading a response that is gone).
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  await expect(page.locator('.fc-timeGridWeek-view .calendar-more')).toHaveCount(0);
});

test('the week view starts at 07:00 in half hours, without weekend columns, and day names lead to that day', async ({ page }) => {
  await openCalendar(page);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  const slotLabels = page.locator('.fc-timegrid-slot-label[data-time]');
  await expect(slotLabels.first()).toHaveAttribute('data-time', '07:00:00');
  await expect(page.locator('.fc-timegrid-slot[data-time="07:30:00"]').first()).toBeAttached();
  await expect(page.locator('.fc-timegrid-slot[data-time="06:30:00"]')).toHaveCount(0);
  await expect(page.locator('.fc-timegrid-slot-label-cushion').first()).toHaveText('07:00');
  const headers = page.locator('.fc-col-header-cell');
  await expect(headers).toHaveCount(5);
  expect(
    await headers.evaluateAll((els) =>
      els.map((el) => Array.from(el.classList).find((c) => /^fc-day-(mon|tue|wed|thu|fri|sat|sun)$/.test(c))),
    ),
  ).toEqual(['fc-day-mon', 'fc-day-tue', 'fc-day-wed', 'fc-day-thu', 'fc-day-fri']);
  await expect(page.getByText('Hele dag')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await headers.nth(2).getByRole('link').click();
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dag', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('a month without own appointments says so and offers to consult a colleague', async ({ page }) => {
  await openCalendar(page);
  await expect(page.locator('.fc-event').first()).toBeVisible();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Geen afspraken teruggevonden voor deze gebruiker.')).toBeVisible();
  await expect(page.getByLabel('Raadpleeg de kalender van een collega:')).toBeVisible();
  await page.getByRole('button', { name: 'Vandaag' }).click();
  await expect(page.getByLabel('Vergelijk met de kalender van een collega:')).toBeVisible();
  await expect(page.getByText('Geen afspraken teruggevonden voor deze gebruiker.')).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the calendar starts as a month list with month, list and day options, and nothing scrolls sideways', async ({ page }) => {
    await openCalendar(page);
    await expect(page.locator('.fc-listMonth-view')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lijst' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Maand', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dag', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveCount(0);
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByText('Geen evenementen om te laten zien')).toBeVisible();
  });

  test('the list opens at today, not at the 1st of the month, and its hidden column headers are Dutch', async ({ page }) => {
    // Today has an appointment of her own: the seed's are random, and on a Saturday late in a month (28 November) the
    // days left in the month may hold none.
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Brussels',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const planned = await page.request.post('/api/appointments', {
      headers: { 'x-prospectie-client': '1' },
      data: { clientId: crypto.randomUUID(), name: 'Vandaag in de lijst', startDate: `${today}T22:00`, endDate: `${today}T23:00` },
    });
    expect(planned.status()).toBe(201);
    await openCalendar(page, { signedIn: true });
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    // The first day shown at the top of the list is today.
    const days = await page.locator('.fc-list-day').evaluateAll((els) => els.map((el) => el.getAttribute('data-date') ?? ''));
    const expected = days.find((day) => day >= today);
    expect(expected, 'today has an appointment').toBe(today);
    // Today's row is at the top of the list, or as high as it goes: at the end of a month the days after it may
    // be too few to fill the list, and the list does not scroll past its last row.
    const todayPlace = () =>
      page.evaluate((date) => {
        const scroller = document.querySelector('.fc-list .fc-scroller')!;
        const box = scroller.getBoundingClientRect();
        const row = scroller.querySelector(`.fc-list-day[data-date="${date}"]`)!.getBoundingClientRect();
        if (Math.abs(row.top - box.top) <= 1) return 'at the top';
        const atEnd = scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1;
        return atEnd && row.top >= box.top && row.bottom <= box.bottom ? 'as high as it goes' : `${Math.round(row.top - box.top)} px down`;
      }, expected!);
    await expect.poll(todayPlace).toMatch(/^(at the top|as high as it goes)$/);
    // On the first screen, without scrolling the page (the list's own scroller ends on it).
    const todayBox = await page.locator(`.fc-list-day[data-date="${expected}"]`).boundingBox();
    expect(todayBox!.y + todayBox!.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    if (days[0] !== expected) expect(await page.locator('.fc-list .fc-scroller').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expect(page.getByRole('columnheader', { name: 'Tijd' })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Afspraak' })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: /^(Time|Event)$/ })).toHaveCount(0);
    await expect(page.getByLabel('Vergelijk met de kalender van een collega:')).toHaveAttribute('aria-autocomplete', 'list');
    await expect(page.getByText('Kies...')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('calendar-list-390.png') });
    // A colleague's appointments arriving later add rows above today's; today's row stays at the top.
    await page.getByLabel('Vergelijk met de kalender van een collega:').click();
    await page.getByRole('option', { name: 'Eva De Vries', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Legende' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Agenda wordt geladen...')).toBeHidden();
    await expect.poll(todayPlace).toMatch(/^(at the top|as high as it goes)$/);
  });

  test('scrolling the list, no day header is ever drawn over another', async ({ page }) => {
    await openCalendar(page);
    await expect(page.locator('.fc-list-event').first()).toBeVisible();
    const overlaps = await page.locator('.fc-list .fc-scroller').evaluate(async (scroller) => {
      const found: string[] = [];
      for (let top = 0; top <= scroller.scrollHeight - scroller.clientHeight; top += 15) {
        scroller.scrollTop = top;
        await new Promise(requestAnimationFrame);
        const box = scroller.getBoundingClientRect();
        const headers = Array.from(scroller.querySelectorAll<HTMLElement>('.fc-list-day'))
          .map((h) => ({ date: h.dataset.date, r: h.getBoundingClientRect() }))
          .filter(({ r }) => r.bottom > box.top && r.top < box.bottom);
        for (let i = 1; i < headers.length; i++)
          if (headers[i].r.top < headers[i - 1].r.bottom - 1) found.push(`${headers[i - 1].date} under ${headers[i].date} at ${top}`);
      }
      return found;
    });
    expect(overlaps).toEqual([]);
  });

  test('the month view keeps each word of a title whole (one too wide for the cell ends in …), the title as a tooltip, and day numbers a thumb wide', async ({
    page,
  }) => {
    await openCalendar(page);
    await page.getByRole('button', { name: 'Maand', exact: true }).click();
    await expect(page.locator('.fc-dayGridMonth-view .fc-event').first()).toBeVisible();
    const words = await page.locator('.fc-daygrid-event:not(.calendar-more) .fc-event-title').evaluateAll((titles) =>
      titles.flatMap((title) =>
        Array.from(title.querySelectorAll<HTMLElement>('.calendar-word')).map((word) => ({
          word: word.textContent,
          oneLine: word.getBoundingClientRect().height < parseFloat(getComputedStyle(word).fontSize) * 2,
        })),
      ),
    );
    expect(words.length).toBeGreaterThan(0);
    // 'Kennismaking' never reads 'Kennisma king'.
    expect(words.filter((w) => !w.oneLine)).toEqual([]);
    // Weekday names are not clipped, and a day number is a 44 px target.
    const clipped = await page
      .locator('.fc-col-header-cell-cushion')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(clipped).toEqual([]);
    const small = await page.locator('.fc-daygrid-day-number').evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .filter((b) => b.width < 44 || b.height < 44)
        .map((b) => `${Math.round(b.width)}×${Math.round(b.height)}`),
    );
    expect(small).toEqual([]);
    const titles = await page
      .locator('.fc-daygrid-event:not(.calendar-more)')
      .evaluateAll((els) => els.map((el) => [el.getAttribute('title'), el.querySelector('.fc-event-title')?.textContent]));
    for (const [tooltip, title] of titles) expect(tooltip).toBe(title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('calendar-month-390.png') });
  });

  test('widening the window past 700 px switches to the month grid', async ({ page }) => {
    await openCalendar(page);
    await expect(page.locator('.fc-listMonth-view')).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lijst' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.fc-listMonth-view')).toBeVisible();
  });
});
