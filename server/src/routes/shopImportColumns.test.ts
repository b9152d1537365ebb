// The shop import's first step: the file's columns, and the mapping to start from (the last applied import's, else
// the default titles).
import { describe, expect, it } from 'vitest';
import { adminContext, dbKinds } from '../test/harness.js';
import { mapping, postFile, sampleCsv, sampleXlsx } from '../test/importFiles.js';
import { makeXlsx } from '../test/xlsx.js';

describe.each(dbKinds)('POST /api/admin/imports/columns on %s', (kind) => {
  const ctx = adminContext(kind);

  const columnsOf = (body: Buffer, fileName = 'klanten.csv') => postFile(ctx, ctx.admin, 'columns', body, { fileName });

  it('reads a file with the default titles into the default mapping, whatever their case, accents and spaces', async () => {
    const file = makeXlsx([
      ['KLANTNUMMER', ' Naam ', 'Straat', 'Huisnummer', 'Postcode', 'Gémeente', 'Opmerking'],
      ['C9001', 'Winkel Een', 'Markt', 1, '9000', 'Gent', ''],
      [null, null, null, null, null, null, null],
      ['C9002', 'Winkel Twee', 'Meir', 2, '2000', 'Antwerpen', 'nieuw'],
    ]);
    const res = await columnsOf(file, 'klanten.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      columns: ['KLANTNUMMER', 'Naam', 'Straat', 'Huisnummer', 'Postcode', 'Gémeente', 'Opmerking'],
      rowCount: 2,
      mapping: {
        externalNumber: 'KLANTNUMMER',
        name: 'Naam',
        street: 'Straat',
        houseNumber: 'Huisnummer',
        postalCode: 'Postcode',
        city: 'Gémeente',
      },
    });
  });

  it('offers the columns of the last applied import again, and the default titles for fields it did not use', async () => {
    // Before any import the ERP's own titles only meet the defaults where they happen to agree.
    const first = (await columnsOf(sampleCsv)).json();
    expect(first).toMatchObject({ rowCount: 10 });
    expect(first.mapping).toEqual({
      street: 'Straat',
      postalCode: 'Postcode',
      city: 'Gemeente',
      country: 'Land',
      customerName: 'Klant',
      repLogin: 'Vertegenwoordiger',
    });
    const before = await ctx.rowCounts();
    // A dry run with the ERP's mapping is no applied import: nothing is remembered.
    await postFile(ctx, ctx.admin, 'shops', sampleCsv, { fileName: 'winkels-erp.csv', mapping: JSON.stringify(mapping) });
    expect((await columnsOf(sampleCsv)).json().mapping).toEqual(first.mapping);
    expect(await ctx.rowCounts()).toEqual(before);

    const applied = await postFile(ctx, ctx.admin, 'shops', sampleCsv, {
      fileName: 'winkels-erp.csv',
      dryRun: 'false',
      mapping: JSON.stringify(mapping),
    });
    expect(applied.statusCode).toBe(200);
    // Next month's export, as XLSX this time: the same titles, so the same mapping.
    expect((await columnsOf(sampleXlsx, 'winkels-erp.xlsx')).json().mapping).toEqual(mapping);
    // A file with some of those titles (in other case) and some default ones: each field its own way.
    const mixed = Buffer.from('KLANTNR;Naam;Klantnummer;Postcode;Gemeente;Zaakvoerder\r\nC9003;Winkel Drie;X;9000;Gent;Iemand\r\n');
    expect((await columnsOf(mixed)).json().mapping).toEqual({
      externalNumber: 'KLANTNR',
      name: 'Naam',
      postalCode: 'Postcode',
      city: 'Gemeente',
      ownerName: 'Zaakvoerder',
    });
  });

  it('refuses a file it cannot read, with the code of the shop import, and writes nothing', async () => {
    const before = await ctx.rowCounts();
    const answer = async (body: Buffer, query: Record<string, string> = { fileName: 'x.csv' }, contentType?: string) => {
      const res = await postFile(ctx, ctx.admin, 'columns', body, query, contentType);
      return [res.statusCode, res.json().code];
    };
    expect(await answer(Buffer.from('%PDF-1.7\n\0\0'))).toEqual([415, 'import_file_type']);
    expect(await answer(Buffer.alloc(0))).toEqual([400, 'import_file_empty']);
    expect(await answer(Buffer.from('Klantnummer;Naam\r\n'))).toEqual([400, 'import_file_empty']);
    expect(await answer(Buffer.from('PK\u0003\u0004 not really a zip'))).toEqual([400, 'import_file_unreadable']);
    expect(await answer(sampleCsv, {})).toEqual([400, 'validation_failed']);
    expect(await answer(sampleCsv, { fileName: 'x.csv' }, 'application/pdf')).toEqual([415, 'unsupported_media_type']);
    expect(await answer(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41))).toEqual([413, 'body_too_large']);
    expect(await ctx.rowCounts()).toEqual(before);
  });
});
