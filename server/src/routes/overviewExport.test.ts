// The overview's exports (decision 033): the XLSX read back has the API's rows with real dates and numbers, the CSV is
// what Belgian Excel opens, contact details only for manager and beheerder, and every export is in the log.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { brusselsToday } from '@prospectie/contract';
import { exportCsv, exportXlsx } from '../services/overviewExport.js';
import { adminContext, dbKinds, queryRows, writeHeaders } from '../test/harness.js';

type Cell = { text: string | null; number: number | null; style: string | null };
/** The workbook's sheets by name, each a list of rows of cells: a reader of its own, not the writer's code. */
function readWorkbook(bytes: Buffer): Map<string, Cell[][]> {
  const files = unzipSync(new Uint8Array(bytes));
  const workbook = strFromU8(files['xl/workbook.xml']);
  const names = [...workbook.matchAll(/<sheet name="([^"]+)" sheetId="(\d+)"/g)].map((m) => m[1]);
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  const sheets = new Map<string, Cell[][]>();
  names.forEach((name, i) => {
    const xml = strFromU8(files[`xl/worksheets/sheet${i + 1}.xml`]);
    const rows = [...xml.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((row) => {
      const cells: Cell[] = [];
      // A cell without a reference is the one after the cell before it (ECMA-376 §18.3.1.4).
      for (const cell of row[1].matchAll(/<c(?: r="([A-Z]+)\d+")?([^>]*)>(.*?)<\/c>/g)) {
        const column = cell[1] ? [...cell[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1 : cells.length;
        const style = /s="(\d+)"/.exec(cell[2])?.[1] ?? null;
        const inline = /<t[^>]*>(.*?)<\/t>/s.exec(cell[3]);
        const value = /<v>(.*?)<\/v>/.exec(cell[3]);
        while (cells.length < column) cells.push({ text: null, number: null, style: null });
        cells[column] = { text: inline ? unescape(inline[1]) : null, number: value ? Number(value[1]) : null, style };
      }
      return cells;
    });
    sheets.set(name, rows);
  });
  return sheets;
}
/** Excel's serial day back to YYYY-MM-DD. */
const fromSerial = (serial: number) => new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);

describe.each(dbKinds)('overview exports on %s', (kind) => {
  const ctx = adminContext(kind);
  const today = brusselsToday();
  const period = { from: '2026-01-01', to: today };
  const query = new URLSearchParams(period).toString();
  let repEmployeeId: number;
  let repName: string;
  let visitId: number;

  const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    const me = (await get(ctx.rep, '/api/me')).json();
    repEmployeeId = me.employee.id;
    repName = `${me.employee.firstName} ${me.employee.name}`;
    const shopId = (await get(ctx.rep, '/api/shops')).json()[0].id;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(ctx.rep, { 'idempotency-key': `export-${kind}` }),
      payload: {
        visitDate: today,
        contactTypeId: 1,
        visitTypeId: 1,
        contactName: 'Anaïs Desmet',
        contactEmail: 'anais@winkel.example',
        contactPhone: '+32 9 123 45 67',
        extra: '=1+1; "geciteerd"',
        brands: [{ brandId: 1, sellout: 42.5 }],
        brandInterests: [{ brandId: 2, remark: 'Wil de nieuwe collectie zien' }],
      },
    });
    expect(sent.statusCode).toBe(201);
    visitId = sent.json().id;
  }, 120_000);

  it("keeps the filter's names in the log entry, so the Logboek names the rep rather than an id", async () => {
    expect((await get(ctx.manager, `/api/overview/export.csv?${query}&employeeId=${repEmployeeId}&sheet=visits`)).statusCode).toBe(200);
    const [entry] = await queryRows<{ after: { filter: { employeeId: number }; filterNames: Record<string, string> } }>(
      ctx.database,
      sql`select after from audit_log where action = 'overview.export' order by id desc limit 1`,
    );
    expect(entry.after.filter.employeeId).toBe(repEmployeeId);
    expect(entry.after.filterNames).toEqual({ employeeId: 'Sofie Janssens' });
  });

  it('lets only manager and beheerder export the team, and every rep her own visits', async () => {
    for (const format of ['xlsx', 'csv']) {
      expect((await get(ctx.rep, `/api/overview/export.${format}?${query}`)).statusCode).toBe(403);
      expect((await get(ctx.rep, `/api/overview/export.${format}?${query}&employeeId=${repEmployeeId}`)).json().code).toBe('role_required');
      expect((await ctx.app.inject({ url: `/api/overview/export.${format}?${query}` })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url: `/api/my/overview/export.${format}?${query}` })).statusCode).toBe(401);
      expect((await get(ctx.manager, `/api/overview/export.${format}?${query}`)).statusCode).toBe(200);
      expect((await get(ctx.admin, `/api/overview/export.${format}?${query}`)).statusCode).toBe(200);
      expect((await get(ctx.rep, `/api/my/overview/export.${format}?${query}`)).statusCode).toBe(200);
      expect((await get(ctx.manager, `/api/overview/export.${format}?from=2026-02-01&to=2026-01-01`)).json().rule).toBe('period_reversed');
    }
  });

  it('writes the XLSX with the API’s visits, real dates and numbers, and the contact details for a manager', async () => {
    const res = await get(ctx.manager, `/api/overview/export.xlsx?${query}`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`prospectie-bezoeken-${period.from}-${period.to}.xlsx`);
    const book = readWorkbook(res.rawPayload);
    expect([...book.keys()]).toEqual(['Bezoeken', 'Merken', 'Interesses', 'To-dos', 'Standwijzigingen', 'Stand per winkel']);
    const [header, ...rows] = book.get('Bezoeken')!;
    const headers = header.map((c) => c.text);
    expect(headers).toContain('E-mail contactpersoon');
    const total = (await get(ctx.manager, `/api/overview/visits?${query}`)).json().total;
    expect(rows.length).toBe(total);
    const expected = await queryRows<{ id: number; visit_date: string }>(
      ctx.database,
      sql`select id, to_char(visit_date, 'YYYY-MM-DD') as visit_date from prospections
        where visit_date between ${period.from}::date and ${period.to}::date order by visit_date, id`,
    );
    expect(rows.map((r) => [r[0].number, fromSerial(r[1].number!)])).toEqual(expected.map((v) => [v.id, v.visit_date]));
    expect(rows.every((r) => r[1].style === '1' && r[1].text === null)).toBe(true);

    // The visit sent above, cell by cell against the API's own answer for it.
    const visit = (await get(ctx.manager, `/api/prospections/${visitId}`)).json();
    const row = rows.find((r) => r[0].number === visitId)!;
    const cell = (title: string) => row[headers.indexOf(title)];
    expect(cell('Contactpersoon').text).toBe(visit.contactName);
    expect(cell('E-mail contactpersoon').text).toBe(visit.contactEmail);
    expect(cell('Telefoon contactpersoon').text).toBe(visit.contactPhone);
    expect(cell('Extra').text).toBe(visit.extra);
    expect(cell('Vertegenwoordiger').text).toBe(visit.employeeName);

    const brands = book.get('Merken')!;
    const sellout = brands.find((r) => r[0].number === visitId)!;
    expect(sellout[brands[0].findIndex((c) => c.text === 'Sell-out (%)')].number).toBe(42.5);
    const [{ n: brandRows }] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from prospection_brands pb join prospections p on p.id = pb.prospection_id
        where p.visit_date between ${period.from}::date and ${period.to}::date`,
    );
    expect(brands.length - 1).toBe(brandRows);
    expect(book.get('Interesses')!.some((r) => r[0].number === visitId && r.some((c) => c.text === 'Wil de nieuwe collectie zien'))).toBe(
      true,
    );

    // What the visit changed per brand (decision 066), and where each visited shop stands now.
    const [brandOne, brandTwo] = (
      await queryRows<{ name: string }>(ctx.database, sql`select name from brands where id in (1, 2) order by id`)
    ).map((b) => b.name);
    const changes = book.get('Standwijzigingen')!;
    expect(changes[0].map((c) => c.text).slice(3)).toEqual(['Merk', 'Van', 'Naar', 'Door', 'Reden', 'Toelichting']);
    const ofVisit = changes.filter((r) => r[0].number === visitId).map((r) => r.slice(3, 7).map((c) => c.text));
    // Every other FC70 brand became 'Bezocht': implied by the visit itself, not written again.
    expect(ofVisit.sort()).toEqual(
      [
        [brandOne, 'Prospect', 'Klant', 'Bezoek'],
        [brandTwo, 'Prospect', 'Geïnteresseerd', 'Bezoek'],
      ].sort(),
    );
    const statuses = book.get('Stand per winkel')!;
    expect(statuses[0].map((c) => c.text)).toEqual([
      'Winkelnummer',
      'Winkel',
      'Gemeente',
      'Merk',
      'Stand',
      'Sinds',
      'Seizoen',
      'Reden',
      'Volgende stap',
      'Op',
    ]);
    const shopId = (await get(ctx.rep, '/api/shops')).json()[0].id;
    const ofShop = statuses.filter((r) => r[0].number === shopId);
    expect(ofShop.find((r) => r[3].text === brandOne)![4].text).toBe('Klant');
    expect(fromSerial(ofShop.find((r) => r[3].text === brandOne)![5].number!)).toBe(today);
    expect(ofShop.some((r) => r[4].text === 'Bezocht')).toBe(false);
  });

  it('reads the visits in batches without losing or repeating one where a batch ends, also among visits of one day', async () => {
    const whole = await get(ctx.manager, `/api/overview/export.xlsx?${query}`);
    const managerId = (await get(ctx.manager, '/api/me')).json().user.id;
    const request = { query: period, withContacts: true, actorUserId: managerId, scope: 'team' as const };
    const [{ days, visits }] = await queryRows<{ days: number; visits: number }>(
      ctx.database,
      sql`select count(distinct visit_date)::int as days, count(*)::int as visits from prospections
        where visit_date between ${period.from}::date and ${period.to}::date`,
    );
    // Days with several visits, so batch edges fall inside a day as well as between days.
    expect(visits).toBeGreaterThan(days);
    for (const batchSize of [1, 3, 7]) {
      const { body } = await exportXlsx(ctx.database.db, { ...request, batchSize });
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk);
      expect(readWorkbook(Buffer.concat(chunks))).toEqual(readWorkbook(whole.rawPayload));
    }
    const csv = async (batchSize?: number) => {
      let text = '';
      for await (const chunk of (await exportCsv(ctx.database.db, { ...request, batchSize }, 'todos')).body) text += chunk;
      return text;
    };
    expect(await csv(3)).toBe(await csv());
  });

  it('leaves the contact details out of a rep’s own export, which holds only her visits', async () => {
    const book = readWorkbook((await get(ctx.rep, `/api/my/overview/export.xlsx?${query}`)).rawPayload);
    const [header, ...rows] = book.get('Bezoeken')!;
    const headers = header.map((c) => c.text);
    expect(headers).not.toContain('E-mail contactpersoon');
    expect(headers).not.toContain('Telefoon contactpersoon');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[headers.indexOf('Vertegenwoordiger')].text))).toEqual(new Set([repName]));
    const csv = (await get(ctx.rep, `/api/my/overview/export.csv?${query}`)).body;
    expect(csv).not.toContain('anais@winkel.example');
  });

  it('writes the CSV as Belgian Excel opens it: BOM, semicolons, decimal commas, dd/mm/jjjj', async () => {
    const res = await get(ctx.manager, `/api/overview/export.csv?${query}`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0].split(';').slice(0, 3)).toEqual(['Bezoek', 'Datum', 'Vertegenwoordiger']);
    const line = lines.find((l) => l.startsWith(`${visitId};`))!;
    const [d, m, y] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    expect(line).toContain(`;${d}/${m}/${y};`);
    expect(line).toContain('Anaïs Desmet');
    expect(line).toContain('anais@winkel.example');
    // Text Excel would run as a formula is kept as text, and a semicolon or quote inside a field is quoted.
    expect(line).toContain(`"'=1+1; ""geciteerd"""`);
    const brands = (await get(ctx.manager, `/api/overview/export.csv?${query}&sheet=brands`)).body;
    expect(brands.split('\r\n').find((l) => l.startsWith(`${visitId};`))).toContain(';42,5;');
    expect((await get(ctx.manager, `/api/overview/export.csv?${query}&sheet=nope`)).statusCode).toBe(400);
  });

  it('writes every export to the log: who, the filter and the number of visits', async () => {
    const before = (await get(ctx.admin, '/api/admin/log?limit=200')).json().entries.length;
    await get(ctx.manager, `/api/overview/export.xlsx?${query}&cityId=1`);
    const entries = (await get(ctx.admin, '/api/admin/log?limit=200')).json().entries;
    expect(entries.length).toBe(before + 1);
    const managerId = (await get(ctx.manager, '/api/me')).json().user.id;
    const total = (await get(ctx.manager, `/api/overview/visits?${query}&cityId=1`)).json().total;
    expect(entries[0]).toMatchObject({
      action: 'overview.export',
      actor: { userId: managerId },
      after: { format: 'xlsx', scope: 'team', filter: { ...period, cityId: 1 }, rowCount: total, withContacts: true },
    });
  });
});
