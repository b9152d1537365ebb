import { describe, expect, it } from 'vitest';
import type { ImportRow } from '@prospectie/contract';
import { ApiError } from '../../api/client';
import { countRows, filterRows, importErrorText, importFileProblem, initialMapping, mappingParam, missingRequired } from './importRules';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('the import’s rules', () => {
  it('sends only a CSV or XLSX file of at most 10 MB, and names a file over it too large rather than the request', () => {
    expect(importFileProblem(null)).toBe('Kies eerst een bestand.');
    expect(importFileProblem(file('klanten.CSV'))).toBeNull();
    expect(importFileProblem(file('klanten.xlsx'))).toBeNull();
    expect(importFileProblem(file('klanten.xls'))).toMatch(/^Dit is geen CSV- of Excel-bestand/);
    expect(importFileProblem(file('groot.csv', 10 * 1024 * 1024 + 1))).toMatch(/^Dit bestand is te groot: hoogstens 10 MB/);
    expect(importErrorText(new ApiError(413, 'too large', 'Payload Too Large', 'body_too_large'))).toMatch(/^Dit bestand is te groot/);
    expect(importErrorText(new ApiError(415, 'type', '', 'import_file_type'))).toMatch(/^Dit is geen CSV- of Excel-bestand/);
  });

  it('starts from the suggested columns the file has, and names the required fields still without one', () => {
    const mapping = initialMapping(['Klantnr', 'Firmanaam', 'Gemeente'], {
      externalNumber: 'Klantnr',
      name: 'Firmanaam',
      postalCode: 'PC',
    });
    expect(mapping).toEqual({ externalNumber: 'Klantnr', name: 'Firmanaam' });
    expect(missingRequired(mapping)).toEqual(['postalCode', 'city']);
    expect(missingRequired({ ...mapping, postalCode: 'PC', city: 'Gemeente' })).toEqual([]);
  });

  it('sends every field as JSON, a field without a column as null (so no default column is taken for it)', () => {
    const sent = JSON.parse(mappingParam({ name: 'Firmanaam', externalNumber: 'Klantnr', country: undefined }));
    expect(sent).toMatchObject({ externalNumber: 'Klantnr', name: 'Firmanaam', country: null, city: null });
    expect(Object.keys(sent)).toHaveLength(13);
  });

  it('filters the rows by status and counts each status', () => {
    const rows = (['new', 'refused', 'new', 'unchanged'] as const).map((status, i): ImportRow => ({
      row: i + 2,
      externalNumber: null,
      name: null,
      status,
    }));
    expect(filterRows(rows, 'new').map((r) => r.row)).toEqual([2, 4]);
    expect(filterRows(rows, 'all')).toBe(rows);
    expect(countRows(rows)).toEqual({ all: 4, new: 2, changed: 0, unchanged: 1, refused: 1 });
  });
});
