// Mail on a phone (decisions 069, 070): Instellingen turns a kind of mail on and keeps it; a to-do handed to a colleague
// reaches her mailbox, and its link opens that to-do after she signs in; its unsubscribe link works signed out and asks
// first. The server sends to a real SMTP server of the test's own (the `mailbox` fixture, tests/servers.ts).
import type { Browser, BrowserContext } from '@playwright/test';
import type { TestSmtpServer } from '../../server/src/test/smtpServer';
import { expect, test } from './servers';
import { APP_HEADERS, seriousAxeViolations, signIn, smallTapTargets } from './helpers';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** A phone of its own, signed out: a mail client opening a link. */
const freshPhone = (browser: Browser, baseURL: string) =>
  browser.newContext({ baseURL, viewport: phone, locale: 'nl-BE', timezoneId: 'Europe/Brussels', serviceWorkers: 'block' });

/** Signs `context` in through the API, as the sign-in screen does. */
async function signInThrough(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/demo', { headers: APP_HEADERS, data: { email } });
  expect(res.status()).toBe(204);
}

/** Sofie (demo) hands Jan (collega) a to-do; the mail that tells him, once it has arrived. */
async function handTodoToJan(browser: Browser, baseURL: string, mailbox: TestSmtpServer, name: string) {
  const sofie = await freshPhone(browser, baseURL);
  await signInThrough(sofie, 'demo@example.com');
  const employees = (await (await sofie.request.get('/api/employees')).json()) as { id: number; firstName: string; name: string }[];
  const jan = employees.find((e) => e.firstName === 'Jan' && e.name === 'Maes')!;
  const res = await sofie.request.post('/api/todos', {
    headers: APP_HEADERS,
    data: { name, remarks: 'Voor vrijdag', employeeIds: [jan.id] },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await sofie.close();
  // The text part as a mail client shows it (quoted-printable decoded, soft line breaks joined: smtpServer.ts).
  const link = new RegExp(`${baseURL}/taken\\?taak=${id}\\b`);
  await expect.poll(() => mailbox.to('collega@example.com').some((m) => link.test(m.text)), { timeout: 20_000 }).toBe(true);
  const mail = mailbox.to('collega@example.com').find((m) => link.test(m.text))!;
  // The footer, under the text's '--', is read from the whole message, its quoted-printable soft line breaks joined.
  const whole = mail.raw.replace(/=\r?\n/g, '');
  return {
    id,
    openLink: mail.text.match(link)![0],
    unsubscribeLink: whole.match(new RegExp(`${baseURL}/api/mail/unsubscribe/[\\w.-]+`))![0],
  };
}

test('Instellingen on a phone: Ochtendoverzicht turned on stays on after a reload', async ({ page }) => {
  await signIn(page, 'demo@example.com');
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
  await page.getByRole('link', { name: 'Instellingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  await expect(page.getByText('Je e-mails gaan naar demo@example.com.')).toBeVisible();
  const digest = page.getByRole('switch', { name: 'Ochtendoverzicht' });
  await expect(digest).not.toBeChecked();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await smallTapTargets(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await digest.click();
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Ochtendoverzicht' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'E-mail bij een nieuwe taak' })).toBeChecked();

  // Back as the demo data has it, for the specs after this one in this worker.
  await page.getByRole('switch', { name: 'Ochtendoverzicht' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible();
});

test("a to-do's mail: its link opens the to-do after signing in, and its unsubscribe link asks, then turns that mail off", async ({
  browser,
  baseURL,
  mailbox,
}) => {
  const todoName = `Stalen nabestellen ${Date.now()}`;
  const { openLink, unsubscribeLink } = await handTodoToJan(browser, baseURL!, mailbox, todoName);

  // Jan taps the link on his phone, not signed in.
  const jan = await freshPhone(browser, baseURL!);
  const page = await jan.newPage();
  await page.goto(openLink);
  await expect(page.getByRole('heading', { name: 'Je moet eerst ingelogd zijn om verder te gaan' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('collega@example.com');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn taken' })).toBeVisible();
  expect(page.url()).toBe(openLink);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: todoName }) });
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card.getByText('Deze taak')).toBeVisible();
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  expect(await card.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await jan.close();

  // The footer's unsubscribe link, opened by a browser signed out: the app's page asks first.
  const stranger = await freshPhone(browser, baseURL!);
  const unsubscribe = await stranger.newPage();
  await unsubscribe.goto(unsubscribeLink);
  await expect(unsubscribe).toHaveURL(/\/afmelden\/todo\./);
  await expect(unsubscribe.getByRole('heading', { level: 1, name: 'Geen e-mail meer bij een nieuwe taak?' })).toBeVisible();
  expect(await seriousAxeViolations(unsubscribe)).toEqual([]);
  await unsubscribe.getByRole('button', { name: 'Afmelden' }).click();
  await expect(unsubscribe.getByRole('heading', { level: 1, name: 'Afgemeld' })).toBeFocused();
  await expect(unsubscribe.getByText('Je krijgt geen e-mail meer bij een nieuwe taak.')).toBeVisible();
  await expect(unsubscribe.getByRole('link', { name: 'Naar Prospectie' })).toBeVisible();
  expect(await seriousAxeViolations(unsubscribe)).toEqual([]);
  await stranger.close();

  // Jan's settings say so; he turns it on again (the demo data as it was, for the specs after this one).
  const again = await freshPhone(browser, baseURL!);
  await signInThrough(again, 'collega@example.com');
  const settings = await again.newPage();
  await settings.goto('/instellingen');
  const todoSwitch = settings.getByRole('switch', { name: 'E-mail bij een nieuwe taak' });
  await expect(todoSwitch).not.toBeChecked();
  await todoSwitch.click();
  await expect(settings.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible();
  await again.close();

  // The administration's log shows the mail as sent to him.
  const admin = await freshPhone(browser, baseURL!);
  await signInThrough(admin, 'beheer@example.com');
  const log = await admin.newPage();
  await log.goto('/beheer/e-mails');
  await expect(log.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
  const sent = log
    .getByRole('listitem')
    .filter({ has: log.getByRole('heading', { name: 'Taak: Jan Maes' }) })
    .first();
  await expect(sent).toContainText('Verstuurd');
  await expect(sent).toContainText('collega@example.com');
  expect(await seriousAxeViolations(log)).toEqual([]);
  await admin.close();
});
