// The first screen the server writes (decision 073): for a signed-in rep Home's markup and the first answers, exactly
// as the API answers them, kept by no cache; for anyone else the app's page as it is, with nobody's data in it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../auth/sessions.js';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import { accountWithoutEmployee } from '../db/seed.js';
import { createTestContext, dbKinds, type TestContext } from '../test/harness.js';
import { FIRST_ANSWERS_ID, writeFirstScreen } from './firstScreenPage.js';

// As the web build writes it (web/index.html): the preload of /api/me with its comment, an empty root.
const INDEX_HTML = `<!doctype html>
<html lang="nl-BE">
  <head>
    <title>Prospectie</title>
    <!-- Who is signed in is asked while the app's code downloads; the API client's fetch of /api/me takes this answer. -->
    <link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-e5.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <script src="/first-paint.js"></script>
  </body>
</html>
`;

/** The inlined answers of a page, by path. */
function inlinedAnswers(html: string): Record<string, unknown> | null {
  const found = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(html);
  return found ? (JSON.parse(found[1]) as Record<string, unknown>) : null;
}

describe.each(dbKinds)('the server-written first screen on %s', (kind) => {
  let ctx: TestContext;
  let webDist: string;
  let cookie: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'prospectie-first-screen-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    ctx = await createTestContext(kind, { config: { webDist } });
    cookie = await ctx.signIn();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("writes a signed-in rep's Home with her first answers, exactly as the API answers them, kept by no cache", async () => {
    for (const url of ['/', '/home']) {
      const page = await ctx.app.inject({ url, headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(String(page.headers.vary)).toMatch(/\bCookie\b/);
      expect(page.body).toContain('<div id="root" inert aria-busy="true">');
      expect(page.body).toContain('<h1 class="h3 mb-0">Welkom, Sofie!</h1>');
      expect(page.body).toContain('<h2 id="today-plan-title" class="h5">Vandaag</h2>');
      // Home's cards under Vandaag, as the app draws them: In de buurt before she asks, the next steps (she has no sample
      // report yet), Te bezoeken and her own overview.
      for (const heading of [
        'In de buurt',
        'Winkel niet gevonden?',
        'Je hebt nog geen voorbeeldrapport.',
        'Te bezoeken',
        'Je bezoeken, dekking, taken en brands',
      ])
        expect(page.body).toContain(`class="h5">${heading}</h2>`);
      // The page draws with its styles alone: the app's code is named for public/first-paint.js, not in the head.
      expect(page.body).not.toContain('<script type="module"');
      expect(page.body).toContain('<script type="application/json" id="first-code">["/assets/index-e5.js"]</script>');
      // The answer is in the page: not preloaded, not asked again.
      expect(page.body).not.toContain('href="/api/me"');
      expect(page.headers.link ?? '').not.toContain('/api/');
      const answers = inlinedAnswers(page.body)!;
      const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json() as { employee: { id: number } };
      const report = `/api/prospectionreport/employee/${me.employee.id}`;
      const paths = ['/api/me', '/api/me/today', '/api/me/due-shops', `/api/employees/${me.employee.id}/todos`, '/api/pipeline/follow-ups'];
      expect(Object.keys(answers)).toEqual([...paths.slice(0, 4), `404 ${report}`, paths[4]]);
      for (const p of paths) {
        const api = await ctx.app.inject({ url: p, headers: { cookie } });
        expect(api.statusCode, p).toBe(200);
        expect(JSON.stringify(answers[p]), p).toBe(api.body);
      }
      // Her sample report, which she has not written: the API's own 404, named with its status.
      const api = await ctx.app.inject({ url: report, headers: { cookie } });
      expect(api.statusCode).toBe(404);
      expect(JSON.stringify(answers[`404 ${report}`])).toBe(api.body);
    }
  });

  it.runIf(kind === 'postgres')('sends the app\u2019s own page at once when the reads are held up, with nobody\u2019s data', async () => {
    // Another connection holds Vandaag's table: the first screen's reads wait behind it, the page does not.
    const holder = new pg.Client({ connectionString: ctx.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table appointments in access exclusive mode');
      // Without the deadline this waits until the lock goes, in the `finally` below: the test would time out.
      const page = await ctx.app.inject({ url: '/', headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX_HTML);
      expect(page.headers['cache-control']).not.toBe('no-store');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });

  it('leaves years of to-dos to the app\u2019s own fetch, and still writes the rest', async () => {
    const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json() as { user: { id: number }; employee: { id: number } };
    // 400 done to-dos with a long remark: far over the page's share.
    await ctx.database.db.execute(sql`with made as (
        insert into todos (name, remarks, to_do_status_id, to_do_type_id, user_created_id)
        select 'Oud werk ' || i, repeat('Lange opmerking. ', 20), (select max(id) from todo_statuses), (select min(id) from todo_types), ${me.user.id}::int
        from generate_series(1, 400) i returning id)
      insert into todo_employees (to_do_id, employee_id) select id, ${me.employee.id}::int from made`);
    const page = await ctx.app.inject({ url: '/', headers: { cookie } });
    const answers = inlinedAnswers(page.body)!;
    expect(Object.keys(answers)).toEqual([
      '/api/me',
      '/api/me/today',
      '/api/me/due-shops',
      `404 /api/prospectionreport/employee/${me.employee.id}`,
      '/api/pipeline/follow-ups',
    ]);
    expect(page.body).toContain('<h2 id="today-plan-title" class="h5">Vandaag</h2>');
    // The header still counts her open ones, as the app will from the list it asks for.
    const list = (await ctx.app.inject({ url: `/api/employees/${me.employee.id}/todos`, headers: { cookie } })).json() as {
      toDoStatusId: number;
    }[];
    const open = list.filter((t) => t.toDoStatusId === TODO_STATUS.open).length;
    expect(open).toBeGreaterThan(0);
    expect(page.body).toContain(`title="Mijn taken (${open} open)"`);
    await ctx.database.db.execute(sql`delete from todos where name like 'Oud werk %'`);
  });

  it("writes a shop page's top (the header, the trail, the shop's name) with its first answers", async () => {
    const page = await ctx.app.inject({ url: '/shop/1', headers: { cookie } });
    expect(page.headers['cache-control']).toBe('no-store');
    const api = await ctx.app.inject({ url: '/api/shops/1', headers: { cookie } });
    const shop = api.json() as { name: string };
    expect(page.body).toContain('<div id="root" inert aria-busy="true">');
    expect(page.body).toContain('title="Terug"');
    expect(page.body).toContain(`<li class="breadcrumb-item">Winkel</li>`);
    expect(page.body).toContain(`<h1 class="h3 text-break">${shop.name.replace(/&/g, '&amp;')}</h1>`);
    const answers = inlinedAnswers(page.body)!;
    const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json() as { employee: { id: number } };
    expect(Object.keys(answers)).toEqual(['/api/me', '/api/shops/1', `/api/employees/${me.employee.id}/todos`]);
    expect(JSON.stringify(answers['/api/shops/1'])).toBe(api.body);
    // A shop that is not there, and other screens: the app's page as it is.
    for (const url of ['/shop/999999', '/agenda', '/taken']) {
      const other = await ctx.app.inject({ url, headers: { cookie } });
      expect(other.body, url).toBe(INDEX_HTML);
      expect(other.headers['cache-control'], url).not.toBe('no-store');
    }
  });

  it('gives a signed-out request, or one with a session that is no longer valid, nobody’s data', async () => {
    const name = cookie.split('=')[0];
    for (const headers of [{}, { cookie: `${name}=not-a-session` }]) {
      for (const url of ['/', '/home', '/shop/1']) {
        const page = await ctx.app.inject({ url, headers });
        expect(page.statusCode).toBe(200);
        expect(page.body, url).toBe(INDEX_HTML);
        expect(page.body).not.toContain('Sofie');
        expect(page.body).not.toContain(FIRST_ANSWERS_ID);
        expect(String(page.headers.vary)).toMatch(/\bCookie\b/);
        expect(page.headers.link).toBeUndefined();
      }
    }
    // An account without an employee (a beheerder's service account): no Home of her own to write.
    const service = await ctx.signIn(accountWithoutEmployee);
    for (const url of ['/', '/home', '/shop/1']) {
      const page = await ctx.app.inject({ url, headers: { cookie: service } });
      expect(page.body, url).toBe(INDEX_HTML);
      expect(page.body).not.toContain(FIRST_ANSWERS_ID);
    }
    // Signed out after having been signed in: the same page as anyone's.
    const other = await ctx.signIn();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: other, 'x-prospectie-client': '1' } });
    const after = await ctx.app.inject({ url: '/', headers: { cookie: other } });
    expect(after.body).toBe(INDEX_HTML);
  });

  it('gives a session that has ended, left alone for two hours or twelve hours old, nobody’s data', async () => {
    const left = await ctx.signIn();
    const inUse = await ctx.signIn();
    const start = Date.now();
    const hour = 60 * 60 * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The one in use asks every hour; the other is left alone from the start.
      for (let h = 1; h * hour < SESSION_ABSOLUTE_MS; h++) {
        vi.setSystemTime(start + h * hour);
        const page = await ctx.app.inject({ url: '/', headers: { cookie: inUse } });
        expect(page.body, `hour ${h}`).toContain(FIRST_ANSWERS_ID);
        if (h * hour > SESSION_IDLE_MS) expect((await ctx.app.inject({ url: '/', headers: { cookie: left } })).body).toBe(INDEX_HTML);
      }
      vi.setSystemTime(start + SESSION_ABSOLUTE_MS + hour / 2);
      expect((await ctx.app.inject({ url: '/', headers: { cookie: inUse } })).body).toBe(INDEX_HTML);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('writeFirstScreen', () => {
  it('keeps a value that holds </script> inside the JSON', () => {
    const html = writeFirstScreen(INDEX_HTML, {
      html: '<p>x</p>',
      answers: [{ path: '/api/me', json: JSON.stringify({ name: '</script><script>alert(1)</script>' }) }],
    });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(inlinedAnswers(html)).toEqual({ '/api/me': { name: '</script><script>alert(1)</script>' } });
  });

  it("writes a rep's text with $' $` $& in it as it is, in the markup and the answers", () => {
    const text = "Winkel $' na $` en $& klaar";
    const html = writeFirstScreen(INDEX_HTML, {
      html: `<p>${text}</p>`,
      answers: [{ path: '/api/me', json: JSON.stringify({ name: text }) }],
    });
    expect(html).toContain(`<p>${text}</p>`);
    expect(inlinedAnswers(html)).toEqual({ '/api/me': { name: text } });
    // The page's own parts once each: nothing of it pasted into the root or the answers.
    expect(html.split('/assets/index-e5.js').length).toBe(INDEX_HTML.split('/assets/index-e5.js').length);
    expect(html.split('first-paint.js').length).toBe(INDEX_HTML.split('first-paint.js').length);
  });
});
