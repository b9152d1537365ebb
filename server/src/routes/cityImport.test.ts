// The cities import: a country's postal codes and municipalities from a file, previewed, applied once with its log
// entry, and refused whole for bad input.
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@prospectie/contract';
import { adminContext, dbKinds } from '../test/harness.js';
import { postFile } from '../test/importFiles.js';
import { makeXlsx } from '../test/xlsx.js';

describe.each(dbKinds)('POST /api/admin/imports/cities on %s', (kind) => {
  const ctx = adminContext(kind);

  // Aachen twice (the same city again, in other case) and a row without a postal code.
  const germany = Buffer.from('Postcode;Gemeente\r\n52062;Aachen\r\n50667;Köln\r\n52062;AACHEN\r\n;Bonn\r\n10115;Berlin\r\n');
  const cityImport = (body: Buffer, query: Record<string, string>) => postFile(ctx, ctx.admin, 'cities', body, query);
  const citiesOf = async (country: string) => {
    const countries = (await ctx.app.inject({ url: '/api/countries', headers: { cookie: ctx.rep } })).json() as {
      id: number;
      name: string;
    }[];
    const found = countries.find((c) => c.name === country);
    if (!found) return null;
    const cities = (await ctx.app.inject({ url: `/api/countries/${found.id}/cities`, headers: { cookie: ctx.rep } })).json();
    return (cities as { name: string; postalCode: string }[]).map((c) => `${c.postalCode} ${c.name}`).sort();
  };
  const cityImportLog = async () =>
    (
      (await ctx.app.inject({ url: '/api/admin/log?limit=200', headers: { cookie: ctx.admin } })).json().entries as { action: string }[]
    ).filter((e) => e.action === 'city.import');

  it('previews without writing, applies with the new country and one log entry, and the same file again adds nothing', async () => {
    const before = await ctx.rowCounts();
    expect((await postFile(ctx, ctx.rep, 'cities', germany, { fileName: 'de.csv', country: 'Duitsland' })).json()).toMatchObject({
      code: 'role_required',
    });
    const dry = await cityImport(germany, { fileName: 'de.csv', country: 'Duitsland' });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ applied: false, counts: { new: 3, changed: 0, unchanged: 1, refused: 1 } });
    expect(await ctx.rowCounts()).toEqual(before);
    expect(await citiesOf('Duitsland')).toBeNull();

    const applied = await cityImport(germany, { fileName: 'de.csv', country: 'Duitsland', dryRun: 'false' });
    expect(applied.json()).toMatchObject({ applied: true, counts: { new: 3, unchanged: 1, refused: 1 } });
    expect((applied.json() as ImportReport).rows.find((r) => r.status === 'refused')).toMatchObject({
      row: 5,
      reason: 'postal_code_missing',
    });
    expect(await citiesOf('Duitsland')).toEqual(['10115 Berlin', '50667 Köln', '52062 Aachen']);
    expect(await ctx.rowCounts()).toEqual({
      ...before,
      countries: before.countries + 1,
      cities: before.cities + 3,
      audit_log: before.audit_log + 1,
    });

    // The same cities as XLSX, the country's name in other case: nothing new, only the run's log entry.
    const counts = await ctx.rowCounts();
    const again = await postFile(
      ctx,
      ctx.admin,
      'cities',
      makeXlsx([
        ['gemeente', 'postcode'],
        ['Köln', 50667],
        ['Berlin', 10115],
        ['Aachen', 52062],
      ]),
      { fileName: 'de.xlsx', country: 'DUITSLAND', dryRun: 'false' },
      'application/octet-stream',
    );
    expect(again.json()).toMatchObject({ applied: true, counts: { new: 0, changed: 0, unchanged: 3, refused: 0 } });
    expect(await ctx.rowCounts()).toEqual({ ...counts, audit_log: counts.audit_log + 1 });
    expect(await cityImportLog()).toHaveLength(2);
  });

  it('adds the cities of two runs sent at once only once, for a country that exists and for a new one', async () => {
    const files = {
      // Seeded without cities.
      Luxemburg: ['1009 Luxemburg', '4001 Esch-sur-Alzette'],
      Oostenrijk: ['1010 Wenen', '5020 Salzburg'],
    };
    for (const [country, cities] of Object.entries(files)) {
      const file = Buffer.from(`postcode;gemeente\r\n${cities.map((c) => c.replace(' ', ';')).join('\r\n')}\r\n`);
      const logBefore = (await cityImportLog()).length;
      const replies = await Promise.all([1, 2].map(() => cityImport(file, { fileName: 'tegelijk.csv', country, dryRun: 'false' })));
      // The later run waits for the earlier and finds its cities, or meets the country it made (and writes nothing).
      expect(replies.map((r) => r.statusCode)).toContain(200);
      for (const r of replies) expect(r.statusCode === 200 || r.json().code === 'already_exists', r.body).toBe(true);
      expect(await citiesOf(country), country).toEqual(cities);
      expect((await cityImportLog()).length).toBe(logBefore + replies.filter((r) => r.statusCode === 200).length);
    }
  }, 60_000);

  it('answers bad input with a code and changes nothing', async () => {
    const before = await ctx.rowCounts();
    const answer = async (body: Buffer, query: Record<string, string>) => {
      const res = await cityImport(body, query);
      return [res.statusCode, res.json().code];
    };
    expect(await answer(germany, { fileName: 'de.csv' })).toEqual([400, 'validation_failed']);
    expect(await answer(germany, { fileName: 'de.csv', country: ' ', dryRun: 'false' })).toEqual([400, 'validation_failed']);
    expect(await answer(germany, { country: 'Duitsland' })).toEqual([400, 'validation_failed']);
    expect(await answer(germany, { fileName: 'de.csv', country: 'Duitsland', dryRun: 'ja' })).toEqual([400, 'validation_failed']);
    expect(
      await answer(Buffer.from('Postcode;Stad\r\n52062;Aachen\r\n'), { fileName: 'de.csv', country: 'Spanje', dryRun: 'false' }),
    ).toEqual([400, 'import_mapping_incomplete']);
    expect(await answer(Buffer.alloc(0), { fileName: 'de.csv', country: 'Spanje', dryRun: 'false' })).toEqual([400, 'import_file_empty']);
    expect(await answer(Buffer.from('%PDF-1.7\n\0\0'), { fileName: 'de.pdf', country: 'Spanje', dryRun: 'false' })).toEqual([
      415,
      'import_file_type',
    ]);
    expect(await ctx.rowCounts()).toEqual(before);
  });
});
