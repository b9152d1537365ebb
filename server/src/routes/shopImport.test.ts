// The shop import (decision 030) on PGlite and PostgreSQL: the Belgian ERP's sample files (docs/samples), CSV in
// Windows-1252 with semicolons and XLSX, classified in a dry run that writes nothing, applied in one transaction with
// one log entry, and a second run of the same file that changes nothing. Every bad input changes nothing either.
// The import's first step (the file's columns and the mapping to start from): shopImportColumns.test.ts; the cities
// import: cityImport.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportReport, ShopImportMapping } from '@prospectie/contract';
import { DomainError } from '../errors.js';
import { importShops } from '../services/import/shops.js';
import { registerShop } from '../services/shops.js';
import { adminContext, createTestContext, dbKinds, queryRows, type TestContext } from '../test/harness.js';
import { mapping, postFile, sampleCsv, sampleXlsx } from '../test/importFiles.js';
import { makeXlsx } from '../test/xlsx.js';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (err: unknown) => (err instanceof DomainError ? err.code : String(err)),
  );

describe.each(dbKinds)('shop import service on %s', (kind) => {
  let ctx: TestContext;
  let adminUserId: number;
  let fieldShopId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [admin] = await queryRows<{ id: number }>(ctx.database, sql`select id from users where login = 'beheer@example.com'`);
    adminUserId = admin.id;
    // A shop a rep made in the field, the same as the ERP's C1001 but for case, accents and spaces.
    const [gent] = await queryRows<{ id: number; country_id: number }>(
      ctx.database,
      sql`select id, country_id from cities where name = 'Gent' and postal_code = '9000'`,
    );
    fieldShopId = await ctx.database.db.transaction(
      async (tx) =>
        (
          await registerShop(tx, adminUserId, {
            name: '  schoenen   DEWITTE ',
            countryId: gent.country_id,
            cityId: gent.id,
            postalCode: '9000',
          })
        ).id,
    );
  }, 120_000);
  afterAll(async () => ctx?.close());

  const run = (bytes: Buffer, dryRun: boolean, fileName = 'winkels-erp.csv', map: ShopImportMapping | null = mapping) =>
    importShops(ctx.database.db, { bytes, fileName, mapping: map ?? undefined, dryRun, actorUserId: adminUserId });

  it('classifies the sample CSV (Windows-1252, semicolons) in a dry run without writing anything', async () => {
    const before = await ctx.rowCounts();
    const report = await run(sampleCsv, true);
    expect(await ctx.rowCounts()).toEqual(before);
    expect(report.applied).toBe(false);
    expect(report.counts).toEqual({ new: 5, changed: 0, unchanged: 0, refused: 5 });
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    const byRow = Object.fromEntries(report.rows.map((r) => [r.row, r]));
    // Accents read right from Windows-1252.
    expect(byRow[3]).toMatchObject({ externalNumber: 'C1002', name: 'MODE HÉLÈNE', status: 'new' });
    expect(byRow[2]).toMatchObject({ status: 'new', mergeCandidate: { shopId: fieldShopId } });
    expect(report.rows.filter((r) => r.status === 'refused').map((r) => [r.row, r.reason])).toEqual([
      [7, 'city_unknown'],
      [8, 'number_duplicate'],
      [9, 'number_missing'],
      [10, 'country_unknown'],
      [11, 'rep_unknown'],
    ]);
  });

  it('applies in one transaction with one log entry, and the same file again changes nothing', async () => {
    const report = await run(sampleCsv, false);
    expect(report).toMatchObject({ applied: true, counts: { new: 5, changed: 0, unchanged: 0, refused: 5 } });
    const shops = await queryRows<{
      external_number: string;
      name: string;
      street1: string;
      city: string;
      rep: string | null;
      owner_name: string | null;
    }>(
      ctx.database,
      sql`select s.external_number, s.name, a.street1, c.name as city, u.login as rep, s.owner_name
          from shops s join contacts k on k.id = s.contact_id join addresses a on a.id = k.address_id join cities c on c.id = a.city_id
          left join employees e on e.id = s.assigned_employee_id left join users u on u.id = e.user_id
          where s.external_number is not null order by s.external_number`,
    );
    expect(shops).toEqual([
      {
        external_number: 'C1001',
        name: 'SCHOENEN DEWITTE',
        street1: 'VELDSTRAAT 12',
        city: 'Gent',
        rep: 'demo@example.com',
        owner_name: 'Marc Dewitte',
      },
      {
        external_number: 'C1002',
        name: 'MODE HÉLÈNE',
        street1: 'MEIR 45 BUS 2',
        city: 'Antwerpen',
        rep: 'demo@example.com',
        owner_name: 'Hélène Peeters',
      },
      {
        external_number: 'C1003',
        name: 'BOUTIQUE ÉLÉGANCE',
        street1: 'STEENSTRAAT 3',
        city: 'Brugge',
        rep: null,
        owner_name: 'Françoise Lenaerts',
      },
      {
        external_number: 'C1004',
        name: 'LEUVENSE SCHOENHANDEL',
        street1: 'BONDGENOTENLAAN 101',
        city: 'Leuven',
        rep: 'collega@example.com',
        owner_name: null,
      },
      { external_number: 'C1005', name: 'MAISON LIÉGEOISE', street1: 'RUE LÉOPOLD 7', city: 'Luik', rep: null, owner_name: null },
    ]);
    const log = await queryRows<{
      actor_user_id: number;
      after: { fileName: string; sha256: string; counts: object; rows: { row: number; status: string }[] };
    }>(ctx.database, sql`select actor_user_id, after from audit_log where action = 'shop.import'`);
    expect(log).toHaveLength(1);
    expect(log[0].actor_user_id).toBe(adminUserId);
    expect(log[0].after).toMatchObject({ fileName: 'winkels-erp.csv', sha256: report.sha256, counts: report.counts, mapping });
    expect(log[0].after.rows.filter((r) => r.status === 'new').map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);

    // The XLSX holds the same shops: everything unchanged, nothing written but the run's own log entry.
    const before = await ctx.rowCounts();
    const again = await run(sampleXlsx, false, 'winkels-erp.xlsx');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 5, refused: 5 });
    expect(await ctx.rowCounts()).toEqual({ ...before, audit_log: before.audit_log + 1 });
  });

  it('reports and applies a changed row with what changed', async () => {
    const header = ['Klantnummer', 'Naam', 'Postcode', 'Gemeente', 'Straat', 'Huisnummer'];
    const file = makeXlsx([header, ['C1003', 'Boutique Élégance', '8000', 'Brugge', 'Steenstraat', 5]]);
    // No mapping: the default column names (docs/operations.md) are found without case.
    const dry = await run(file, true, 'wijziging.xlsx', null);
    expect(dry.rows).toEqual([
      {
        row: 2,
        externalNumber: 'C1003',
        name: 'BOUTIQUE ÉLÉGANCE',
        status: 'changed',
        changes: [{ field: 'street1', before: 'STEENSTRAAT 3', after: 'STEENSTRAAT 5' }],
      },
    ]);
    await run(file, false, 'wijziging.xlsx', null);
    expect((await run(file, true, 'wijziging.xlsx', null)).counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
    // A field mapped to no column (null) takes no column of its default name either: the street is not read, and the
    // shop keeps the street it has.
    const otherStreet = makeXlsx([header, ['C1003', 'Boutique Élégance', '8000', 'Brugge', 'Zuidzandstraat', 1]]);
    const withoutStreet = await run(otherStreet, true, 'x.xlsx', { street: null, houseNumber: null });
    expect(withoutStreet.rows[0]).toMatchObject({ status: 'unchanged' });
    expect(withoutStreet.mapping).not.toHaveProperty('street');
    // A required field cannot go without.
    expect(await codeOf(run(file, true, 'x.xlsx', { postalCode: null }))).toBe('import_mapping_incomplete');
  });

  it('reads the Windows-1252 characters of 0x80–0x9F, and the XLSX a spreadsheet makes of that CSV changes nothing', async () => {
    const rows = [
      ['Klantnummer', 'Naam', 'Postcode', 'Gemeente'],
      ['W1252-1', 'Œillet & Zoë', '9000', 'Gent'],
      ['W1252-2', 'Stoffen – Sint-Niklaas', '9000', 'Gent'],
      ['W1252-3', '“Noël”', '9000', 'Gent'],
    ];
    const csv = Buffer.from(
      rows
        .map((r) => r.join(';'))
        .join('\r\n')
        .replace(/[\u0100-\u{10ffff}]/gu, (c) => String.fromCharCode({ Œ: 0x8c, '–': 0x96, '“': 0x93, '”': 0x94 }[c] ?? 0x3f)),
      'latin1',
    );
    const report = await run(csv, false, 'winkels-1252.csv', null);
    expect(report.rows.map((r) => r.name)).toEqual(['ŒILLET & ZOË', 'STOFFEN – SINT-NIKLAAS', '“NOËL”']);
    expect(report.counts).toMatchObject({ new: 3, refused: 0 });
    const again = await run(makeXlsx(rows), true, 'winkels-1252.xlsx', null);
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 3, refused: 0 });
  });

  it("says that a row's rep is deactivated rather than unknown", async () => {
    await ctx.database.db.execute(sql`update users set active = false where login = 'collega@example.com'`);
    try {
      const csv = Buffer.from(
        'Klantnummer;Naam;Postcode;Gemeente;Vertegenwoordiger\r\nREP-1;Bij Collega;9000;Gent;collega@example.com\r\n',
      );
      const report = await run(csv, true, 'rep.csv', null);
      expect(report.rows).toMatchObject([{ status: 'refused', reason: 'rep_inactive', field: 'repLogin' }]);
    } finally {
      await ctx.database.db.execute(sql`update users set active = true where login = 'collega@example.com'`);
    }
  });

  it('makes a shop a customer of the FC70 brands its merken column names, refuses an unknown brand, and changes nothing the second time', async () => {
    const brandNames = (await queryRows<{ name: string }>(ctx.database, sql`select name from brands where active order by id limit 2`)).map(
      (b) => b.name,
    );
    const csv = Buffer.from(
      `Klantnummer;Naam;Postcode;Gemeente;Merken\r\nMRK-1;Merkenwinkel;9000;Gent;"${brandNames[0].toUpperCase()} ; ${brandNames[1]}"\r\n` +
        'MRK-2;Onbekend Merk;9000;Gent;Geen Zulk Merk\r\n',
    );
    const report = await run(csv, false, 'merken.csv', null);
    expect(report.rows).toMatchObject([
      { externalNumber: 'MRK-1', status: 'new' },
      { externalNumber: 'MRK-2', status: 'refused', reason: 'brand_unknown', field: 'brands' },
    ]);
    const statuses = await queryRows<{ name: string; status: string; explicit: boolean; source: string }>(
      ctx.database,
      sql`select b.name, s.status, s.explicit, h.source from pipeline_statuses s join brands b on b.id = s.brand_id
          join pipeline_history h on h.shop_id = s.shop_id and h.brand_id = s.brand_id
          where s.shop_id = ${report.rows[0].shopId!}::int order by b.id`,
    );
    expect(statuses).toEqual(brandNames.map((name) => ({ name, status: 'customer', explicit: true, source: 'import' })));
    const again = await run(csv, false, 'merken.csv', null);
    expect(again.rows[0]).toMatchObject({ externalNumber: 'MRK-1', status: 'unchanged' });
  });

  it('refuses a whole file that cannot be imported, writing nothing', async () => {
    const before = await ctx.rowCounts();
    expect(await codeOf(run(Buffer.alloc(0), false))).toBe('import_file_empty');
    expect(await codeOf(run(Buffer.from('Klantnr;Firmanaam\r\n\r\n'), false))).toBe('import_file_empty');
    expect(await codeOf(run(Buffer.from('%PDF-1.7\n\0\0binary'), false, 'winkels.pdf'))).toBe('import_file_type');
    expect(await codeOf(run(Buffer.from('PK\u0003\u0004 not really a zip'), false, 'kapot.xlsx'))).toBe('import_file_unreadable');
    // A column of the mapping the file lacks, and a file without the required columns.
    expect(await codeOf(run(sampleCsv, false, 'winkels-erp.csv', { ...mapping, city: 'Stad' }))).toBe('import_mapping_incomplete');
    expect(await codeOf(run(Buffer.from('naam;postcode\nX;9000\n'), false, 'x.csv', null))).toBe('import_mapping_incomplete');
    // A zip bomb disguised as XLSX: one entry of 150 MB of zeros, a few hundred KB packed.
    const bomb = makeXlsx([['Klantnummer']], { 'xl/sharedStrings.xml': new Uint8Array(150 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await codeOf(run(bomb, false, 'bom.xlsx'))).toBe('import_file_unreadable');
    expect(await ctx.rowCounts()).toEqual(before);
  }, 60_000);
});

describe.each(dbKinds)('POST /api/admin/imports/shops on %s', (kind) => {
  const ctx = adminContext(kind);

  const post = (cookie: string, body: Buffer, query: Record<string, string>, contentType?: string) =>
    postFile(ctx, cookie, 'shops', body, query, contentType);
  const sampleQuery = (dryRun: string, fileName = 'winkels-erp.xlsx') => ({ dryRun, fileName, mapping: JSON.stringify(mapping) });

  it('previews, applies, and applies again without changing anything (beheerder only)', async () => {
    const before = await ctx.rowCounts();
    expect((await post(ctx.rep, sampleXlsx, sampleQuery('true'))).json()).toMatchObject({ code: 'role_required' });

    const preview = await post(
      ctx.admin,
      sampleXlsx,
      sampleQuery('true'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ applied: false, counts: { new: 5, changed: 0, unchanged: 0, refused: 5 } });
    expect(await ctx.rowCounts()).toEqual(before);

    const applied = await post(ctx.admin, sampleXlsx, sampleQuery('false'));
    expect(applied.json()).toMatchObject({ applied: true, counts: { new: 5, refused: 5 } });
    // The rep finds an imported shop among hers.
    const shops = (await ctx.app.inject({ url: '/api/shops', headers: { cookie: ctx.rep } })).json() as { name: string }[];
    expect(shops.map((s) => s.name)).toContain('MODE HÉLÈNE');
    // Each applied new row names the shop it made, which a merge candidate can be merged into.
    const helene = (applied.json() as ImportReport).rows.find((r) => r.name === 'MODE HÉLÈNE');
    const shop = await ctx.app.inject({ url: `/api/shops/${helene?.shopId}`, headers: { cookie: ctx.rep } });
    expect(shop.json()).toMatchObject({ name: 'MODE HÉLÈNE' });

    const counts = await ctx.rowCounts();
    const again = await post(ctx.admin, sampleCsv, sampleQuery('false', 'winkels-erp.csv'), 'text/csv');
    expect(again.json()).toMatchObject({ applied: true, counts: { new: 0, changed: 0, unchanged: 5, refused: 5 } });
    expect(await ctx.rowCounts()).toEqual({ ...counts, audit_log: counts.audit_log + 1 });
    const log = (await ctx.app.inject({ url: '/api/admin/log', headers: { cookie: ctx.admin } })).json();
    expect(log.entries.filter((e: { action: string }) => e.action === 'shop.import')).toHaveLength(2);
  }, 60_000);

  it('applies two runs of one file sent at once exactly once: the later one is unchanged or refused whole', async () => {
    const file = Buffer.from(
      'Klantnummer;Naam;Postcode;Gemeente\r\nC3001;Tegelijk Een;9000;Gent\r\nC3002;Tegelijk Twee;2000;Antwerpen\r\n',
    );
    const logBefore = (await ctx.rowCounts()).audit_log;
    const replies = await Promise.all([1, 2].map(() => post(ctx.admin, file, { dryRun: 'false', fileName: 'tegelijk.csv' })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses).toContain(200);
    for (const r of replies) expect(r.statusCode === 200 || r.json().code === 'already_exists').toBe(true);
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from shops where external_number like 'C300%'`,
    );
    expect(n).toBe(2);
    expect((await ctx.rowCounts()).audit_log).toBe(logBefore + statuses.filter((s) => s === 200).length);
  }, 60_000);

  it('answers bad input with a code and changes nothing', async () => {
    const before = await ctx.rowCounts();
    const codeOfReply = async (body: Buffer, query: Record<string, string>, contentType?: string) => {
      const res = await post(ctx.admin, body, query, contentType);
      return [res.statusCode, res.json().code];
    };
    expect(await codeOfReply(Buffer.from('%PDF-1.7\n\0\0'), { fileName: 'x.pdf' })).toEqual([415, 'import_file_type']);
    expect(await codeOfReply(Buffer.alloc(0), { fileName: 'leeg.csv' })).toEqual([400, 'import_file_empty']);
    expect(await codeOfReply(sampleCsv, { fileName: 'a.csv', mapping: '{not json' })).toEqual([400, 'import_mapping_invalid']);
    expect(await codeOfReply(sampleCsv, { fileName: 'a.csv', mapping: JSON.stringify({ shoeSize: 'Maat' }) })).toEqual([
      400,
      'import_mapping_invalid',
    ]);
    expect(await codeOfReply(sampleCsv, { fileName: 'a.csv' })).toEqual([400, 'import_mapping_incomplete']);
    expect(await codeOfReply(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), { fileName: 'groot.csv' })).toEqual([413, 'body_too_large']);
    expect(await codeOfReply(sampleCsv, { dryRun: 'false' })).toEqual([400, 'validation_failed']);
    expect(await codeOfReply(sampleCsv, { fileName: 'a.csv' }, 'application/pdf')).toEqual([415, 'unsupported_media_type']);
    expect(await ctx.rowCounts()).toEqual(before);
  }, 60_000);
});
