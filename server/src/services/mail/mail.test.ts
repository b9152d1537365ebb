// Mail as the team receives it, through a real SMTP server on loopback: a to-do handed to a colleague reaches her
// once with its link, the one handing it out gets none; a kind turned off (in the settings or by the one-click
// unsubscribe) is not sent; a mail server that is down delays the mail, never loses or doubles it; the digest comes
// at 07:30 in Brussels on working days, summer time or not; the administration's log says what became of each.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from '../../test/harness.js';
import { TestSmtpServer, type Received } from '../../test/smtpServer.js';
import { JobQueue } from '../jobs/queue.js';
import { mailJobHandler } from './mailJob.js';

const PUBLIC_URL = 'https://prospectie.fc70.example';
const SECRET = 'mail-test-session-secret-0123456789';

/** The path of a mail's one-click unsubscribe address (its List-Unsubscribe header). */
const unsubscribePath = (mail: Received) => new URL(/^<([^>]+)>/.exec(mail.header('List-Unsubscribe')!)![1]).pathname;

describe.each(dbKinds)('mail on %s', (kind) => {
  let ctx: TestContext;
  const smtp = new TestSmtpServer();
  let clock = new Date('2026-11-24T09:00:00Z');
  let rep: string; // Sofie Janssens, demo@example.com, hands to-dos out
  let colleague: string; // Jan Maes, collega@example.com
  let admin: string;
  let repId: number;
  let colleagueId: number;
  let thirdId: number;
  let thirdLogin: string;
  let shopId: number;

  beforeAll(async () => {
    await smtp.start();
    ctx = await createTestContext(kind, {
      config: {
        publicUrl: PUBLIC_URL,
        sessionSecret: SECRET,
        mail: { smtpUrl: smtp.url, from: 'Prospectie <prospectie@fc70.example>' },
        jobs: { leaseSeconds: 60, retrySeconds: 1 },
      },
      background: { now: () => clock },
    });
    rep = await ctx.signIn('demo@example.com');
    colleague = await ctx.signIn('collega@example.com');
    admin = await ctx.signIn('beheer@example.com');
    const me = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().employee.id as number;
    repId = await me(rep);
    colleagueId = await me(colleague);
    const users = (await ctx.app.inject({ url: '/api/users', headers: { cookie: rep } })).json() as { login: string; employeeId: number }[];
    const third = users.find((u) => u.login.endsWith('@fc70.example'))!;
    thirdLogin = third.login;
    thirdId = await me(await ctx.signIn(third.login));
    shopId = (await ctx.app.inject({ url: '/api/shops', headers: { cookie: rep } })).json()[0].id;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp.stop();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuseWith = null;
  });

  const round = () => ctx.app.jobs.queue.runRound();
  const visit = (todos: { name: string; employeeIds: number[] }[], extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(rep),
      payload: {
        visitDate: '2026-11-24',
        contactTypeId: 4,
        visitTypeId: 1,
        contactName: 'Els Verhoeven',
        contactPhone: '+32 470 12 34 56',
        contactEmail: 'els@winkel.example',
        trends: 't',
        extra: 'e',
        todos: todos.map((t) => ({ ...t, toDoTypeId: 4 })),
        ...extra,
      },
    });
  const todoIdsOf = async (prospectionId: number) =>
    (
      (await ctx.app.inject({ url: `/api/prospections/${prospectionId}/todos`, headers: { cookie: rep } })).json() as {
        toDoId: number;
        name: string;
      }[]
    ).map((t) => t.toDoId);
  const log = async () =>
    (await ctx.app.inject({ url: '/api/admin/mails', headers: { cookie: admin } })).json().mails as {
      id: number;
      kind: string;
      recipient: { employeeId: number; name: string };
      address: string | null;
      status: string;
      attempts: number;
      nextAttemptAt: string | null;
    }[];
  const settings = (cookie: string, body: { todo: boolean; digest: boolean }) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/mail-settings', headers: writeHeaders(cookie), payload: body });

  it('sends each new assignee of a visit one mail listing her to-dos with their links, and none to the rep herself', async () => {
    const res = await visit([
      { name: 'Catalogus bezorgen', employeeIds: [colleagueId] },
      { name: 'Stalen nasturen', employeeIds: [colleagueId, thirdId] },
      { name: 'Zelf terugbellen', employeeIds: [repId] },
    ]);
    expect(res.statusCode).toBe(201);
    const [catalogus, stalen] = await todoIdsOf(res.json().id);
    await round();

    expect(smtp.received).toHaveLength(2);
    expect(smtp.to('demo@example.com')).toHaveLength(0);
    const [jan] = smtp.to('collega@example.com');
    expect(jan.header('Subject')).toBe('2 nieuwe taken van Sofie Janssens');
    expect(jan.header('From')).toBe('Prospectie <prospectie@fc70.example>');
    expect(jan.text).toContain('Dag Jan,');
    expect(jan.text).toContain('Catalogus bezorgen');
    expect(jan.text).toContain('Stalen nasturen');
    expect(jan.text).not.toContain('Zelf terugbellen');
    expect(jan.text).toContain(`${PUBLIC_URL}/taken?taak=${catalogus}`);
    expect(jan.text).toContain(`${PUBLIC_URL}/taken?taak=${stalen}`);
    expect(jan.text).toContain(`${PUBLIC_URL}/shop/${shopId}/prospections/${res.json().id}`);
    expect(jan.raw).toContain('<html');
    // No contact details of the shop in a mail.
    expect(jan.raw).not.toMatch(/Els Verhoeven|470 12 34 56|els@winkel/);
    // RFC 8058 one-click unsubscribe.
    expect(jan.header('List-Unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/api/mail/unsubscribe/todo\\.${colleagueId}\\.[\\w-]{32}>`));
    expect(jan.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [other] = smtp.to(thirdLogin);
    expect(other.header('Subject')).toBe('Nieuwe taak van Sofie Janssens: Stalen nasturen');

    // Sent once: another round sends nothing again.
    await round();
    expect(smtp.received).toHaveLength(2);
    const entries = await log();
    expect(
      entries
        .slice(0, 2)
        .map((e) => [e.recipient.employeeId, e.status, e.kind, e.attempts])
        .sort(),
    ).toEqual(
      [
        [colleagueId, 'sent', 'todo', 1],
        [thirdId, 'sent', 'todo', 1],
      ].sort(),
    );
    expect(entries[0]).not.toHaveProperty('subject');
  });

  it('mails whoever a to-do is handed on to, not those who had it already', async () => {
    const res = await visit([{ name: 'Affiche ophangen', employeeIds: [colleagueId] }]);
    const [todo] = await todoIdsOf(res.json().id);
    await round();
    smtp.received.length = 0;
    const handOn = await ctx.app.inject({
      method: 'PUT',
      url: `/api/todos/${todo}/employees`,
      headers: writeHeaders(colleague),
      payload: { EmployeeIds: [colleagueId, thirdId] },
    });
    expect(handOn.statusCode).toBeLessThan(300);
    await round();
    expect(smtp.received.map((m) => m.to)).toEqual([[thirdLogin]]);
    expect(smtp.received[0].header('Subject')).toBe('Nieuwe taak van Sofie Janssens: Affiche ophangen');
  });

  it('sends nothing of a kind she turned off, and the one-click unsubscribe turns it off without a session', async () => {
    expect((await settings(colleague, { todo: false, digest: false })).json()).toMatchObject({
      sending: true,
      address: 'collega@example.com',
      todo: false,
    });
    await visit([{ name: 'Niet mailen', employeeIds: [colleagueId] }]);
    await round();
    expect(smtp.to('collega@example.com')).toHaveLength(0);
    expect((await log())[0]).toMatchObject({ recipient: { employeeId: colleagueId }, status: 'off' });
    await settings(colleague, { todo: true, digest: false });

    await visit([{ name: 'Wel mailen', employeeIds: [colleagueId] }]);
    await round();
    const [mail] = smtp.to('collega@example.com');
    const path = unsubscribePath(mail);
    // A browser opening the address is sent to the app's page; that changes nothing.
    const opened = await ctx.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/afmelden/${path.split('/').pop()}`);
    expect((await ctx.app.inject({ url: '/api/me/mail-settings', headers: { cookie: colleague } })).json().todo).toBe(true);
    // The mail client's one-click POST: no cookie, no app header, a form body.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ kind: 'todo' });
    expect((await ctx.app.inject({ url: '/api/me/mail-settings', headers: { cookie: colleague } })).json()).toMatchObject({
      todo: false,
      digest: false,
    });
    // A forged or altered token changes nothing.
    const forged = path.replace(/\.([\w-])([\w-]{31})$/, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: forged,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('unsubscribe_not_found');
    // The token is a credential: never in a log line.
    expect(ctx.logLines.filter((line) => line.includes(path.split('/').pop()!))).toEqual([]);
    await settings(colleague, { todo: true, digest: false });
  });

  it('keeps a mail while the mail server is down and sends it once when it is back', async () => {
    await smtp.stop();
    await visit([{ name: 'Na de storing', employeeIds: [colleagueId] }]);
    await round();
    const [waiting] = await log();
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, recipient: { employeeId: colleagueId } });
    expect(waiting.nextAttemptAt).not.toBeNull();
    await smtp.start();
    // The retry is due after JOB_RETRY_SECONDS (1 here).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await round();
    await round();
    expect(smtp.to('collega@example.com').map((m) => m.header('Subject'))).toEqual(['Nieuwe taak van Sofie Janssens: Na de storing']);
    expect((await log())[0]).toMatchObject({ id: waiting.id, status: 'sent', attempts: 2 });
  });

  it('records a refusal by the mail server and does not try again', async () => {
    smtp.refuseWith = 550;
    await visit([{ name: 'Geweigerd', employeeIds: [colleagueId] }]);
    await round();
    smtp.refuseWith = null;
    await round();
    expect(smtp.received).toHaveLength(0);
    expect((await log())[0]).toMatchObject({ status: 'refused', attempts: 1 });
  });

  it('sends the digest at 07:30 in Brussels on working days, before and after summer time, once, and only to who wants it', async () => {
    await settings(rep, { todo: true, digest: true });
    const digests = () => smtp.to('demo@example.com').filter((m) => m.header('Subject')?.startsWith('Je dag in Prospectie'));
    const at = async (iso: string) => {
      clock = new Date(iso);
      await round();
      return digests().length;
    };
    // Friday 26 March 2027, winter time (UTC+1): 07:29 is too early, 07:30 sends.
    expect(await at('2027-03-26T06:29:00Z')).toBe(0);
    expect(await at('2027-03-26T06:30:00Z')).toBe(1);
    const [friday] = digests();
    expect(friday.header('Subject')).toBe('Je dag in Prospectie: vrijdag 26 maart');
    expect(friday.text).toContain('OPEN TAKEN');
    expect(friday.header('List-Unsubscribe')).toMatch(/\/api\/mail\/unsubscribe\/digest\./);
    // Later that morning: not again.
    expect(await at('2027-03-26T08:00:00Z')).toBe(1);
    // Saturday and Sunday: none (summer time starts on Sunday 28 March).
    expect(await at('2027-03-27T06:30:00Z')).toBe(1);
    expect(await at('2027-03-28T05:30:00Z')).toBe(1);
    // Monday 29 March, summer time (UTC+2): 07:29 is 05:29 UTC.
    expect(await at('2027-03-29T05:29:00Z')).toBe(1);
    expect(await at('2027-03-29T05:30:00Z')).toBe(2);
    expect(digests()[1].header('Subject')).toBe('Je dag in Prospectie: maandag 29 maart');
    // The colleagues who did not turn it on got none.
    expect(smtp.received.filter((m) => m.header('Subject')?.startsWith('Je dag'))).toHaveLength(2);

    // Unsubscribed by its link: Tuesday's does not come.
    const path = unsubscribePath(friday);
    expect((await ctx.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    expect(await at('2027-03-30T05:30:00Z')).toBe(2);
    clock = new Date('2026-11-24T09:00:00Z');
  });

  it('sends no digest when there is nothing to say', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/people',
      headers: writeHeaders(admin),
      payload: { login: 'nieuw.lid@fc70.example', firstName: 'Nieuw', name: 'Lid' },
    });
    expect(created.statusCode).toBe(201);
    const newcomer = await ctx.signIn('nieuw.lid@fc70.example');
    await settings(newcomer, { todo: true, digest: true });
    clock = new Date('2027-04-01T05:45:00Z');
    await round();
    expect(smtp.to('nieuw.lid@fc70.example')).toHaveLength(0);
    const entry = (await log()).find((e) => e.recipient.name === 'Nieuw Lid' && e.kind === 'digest');
    expect(entry).toMatchObject({ status: 'nothing', address: 'nieuw.lid@fc70.example' });
    clock = new Date('2026-11-24T09:00:00Z');
  });

  it('shows the log to the administration only, and the settings to each person', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/mails', headers: { cookie: rep } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/me/mail-settings' })).statusCode).toBe(401);
    const mine = (await ctx.app.inject({ url: '/api/me/mail-settings', headers: { cookie: rep } })).json();
    expect(mine).toEqual({ sending: true, address: 'demo@example.com', todo: true, digest: false });
  });

  it.runIf(kind === 'postgres')('sends each mail once when two instances work the queue of one database', async () => {
    const second: Database = await openDatabase({ databaseUrl: ctx.database.url! });
    try {
      const res = await visit(Array.from({ length: 12 }, (_, i) => ({ name: `Taak ${i}`, employeeIds: [i % 2 ? colleagueId : thirdId] })));
      expect(res.statusCode).toBe(201);
      // Twelve to-dos of one visit to two people: two mails. Handed on one by one after it: twelve more.
      const ids = await todoIdsOf(res.json().id);
      for (const id of ids)
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/todos/${id}/employees`,
          headers: writeHeaders(rep),
          payload: { EmployeeIds: [colleagueId, thirdId] },
        });
      const make = (db: Database['db']) =>
        new JobQueue(db, {
          handlers: {
            mail: mailJobHandler(db, {
              smtpUrl: smtp.url,
              from: 'Prospectie <prospectie@fc70.example>',
              publicUrl: PUBLIC_URL,
              secret: SECRET,
              dueAfterDays: 90,
              now: () => clock,
            }),
          },
          leaseSeconds: 60,
          retrySeconds: 1,
          log: { info: () => {}, warn: () => {}, error: () => {} },
        });
      await Promise.all([make(ctx.database.db).runRound(), make(second.db).runRound(), make(second.db).runRound()]);
      expect(smtp.received).toHaveLength(2 + ids.length);
      const [{ n }] = await queryRows<{ n: number }>(
        ctx.database,
        sql`select count(*)::int as n from jobs where state in ('queued', 'running')`,
      );
      expect(n).toBe(0);
    } finally {
      await second.close();
    }
  });
});
