// The import's file reader (decision 030) on its own: XLSX as Excel and other writers make it (shared strings, styles,
// dates, prefixes, gaps), read streaming with its limits, and CSV handed on row by row.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.js';
import { makeXlsx } from '../../test/xlsx.js';
import { forEachRow, readColumns, readHeader, readTable, type Row } from './readFile.js';
import { readXlsxRows, StopReading } from '../../lib/xlsx/reader.js';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of the sheets given (XML inside <sheetData>), with the parts given besides, as a writer lays it out. */
function workbook(
  sheets: string[],
  parts: { sharedStrings?: string; styles?: string; workbookPr?: string; prefix?: string; store?: boolean } = {},
): Buffer {
  const p = parts.prefix ? `${parts.prefix}:` : '';
  const xmlns = parts.prefix ? `xmlns:${parts.prefix}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"` : NS;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    '_rels/.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    // The sheets listed in the workbook in reverse order of their file names: the first one listed is read.
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><${p}workbook ${xmlns} xmlns:r="${REL}">${parts.workbookPr ?? ''}<${p}sheets>` +
        sheets.map((_, i) => `<${p}sheet name="S${i}" sheetId="${i + 1}" r:id="rIdS${i}"/>`).join('') +
        `</${p}sheets></${p}workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets
          .map((_, i) => `<Relationship Id="rIdS${i}" Type="${REL}/worksheet" Target="/xl/worksheets/sheet${sheets.length - i}.xml"/>`)
          .join('') +
        (parts.sharedStrings ? `<Relationship Id="rIdT" Type="${REL}/sharedStrings" Target="strings.xml"/>` : '') +
        (parts.styles ? `<Relationship Id="rIdY" Type="${REL}/styles" Target="./styles.xml"/>` : '') +
        '</Relationships>',
    ),
  };
  sheets.forEach((data, i) => {
    files[`xl/worksheets/sheet${sheets.length - i}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?>\n<${p}worksheet ${xmlns}><${p}dimension ref="A1"/><${p}sheetData>${data}</${p}sheetData></${p}worksheet>`,
    );
  });
  if (parts.sharedStrings) files['xl/strings.xml'] = strToU8(`<?xml version="1.0"?><sst ${NS}>${parts.sharedStrings}</sst>`);
  if (parts.styles) files['xl/styles.xml'] = strToU8(`<?xml version="1.0"?><styleSheet ${NS}>${parts.styles}</styleSheet>`);
  return Buffer.from(zipSync(files, { level: parts.store ? 0 : 6 }));
}

const rows = (bytes: Buffer) => {
  const seen: Row[] = [];
  forEachRow(bytes, (row) => seen.push(row));
  return seen;
};

const codeOf = (read: () => unknown) => {
  try {
    read();
  } catch (err) {
    return err instanceof DomainError ? err.code : String(err);
  }
  return 'read';
};

describe('XLSX', () => {
  it('reads shared strings, inline strings, numbers, booleans and dates as text, each row by its number in the sheet', () => {
    const file = workbook(
      [
        '<row r="2" spans="1:3"><c r="A2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c></row>' +
          '<row r="3"><c r="A3" s="0"><v>9000</v></c><c r="B3" t="inlineStr"><is><r><t>Boek</t></r><r><rPr/><t xml:space="preserve">han del </t></r></is></c>' +
          '<c r="C3" t="b"><v>1</v></c><c r="D3" t="e"><v>#N/A</v></c><c r="E3" t="str"><f>A3</f><v>x &amp; y</v></c><c r="F3"><v>1.50</v></c></row>' +
          '<row r="5"><c r="A5" s="1"><v>45254</v></c><c r="B5" s="2"><v>45254.75</v></c><c r="C5" s="3"><v>0042</v></c><c r="D5" t="d"><v>2026-11-24T10:00:00Z</v></c></row>' +
          '<row r="6"><c r="A6" s="1"/><c r="B6"><v></v></c></row>',
      ],
      {
        sharedStrings:
          '<si><t xml:space="preserve"> Klant  nummer </t></si><si><r><t>Ge</t></r><r><t>meente</t></r><rPh sb="0" eb="1"><t>ZZ</t></rPh></si>',
        styles:
          '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/><numFmt numFmtId="165" formatCode="&quot;nr &quot;0000"/></numFmts>' +
          '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
          '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>',
      },
    );
    expect(rows(file)).toEqual([
      { line: 2, cells: ['Klant nummer', '', 'Gemeente'] },
      { line: 3, cells: ['9000', 'Boekhan del', 'true', '', 'x & y', '1.5'] },
      { line: 5, cells: ['2023-11-24', '2023-11-24', '42', '2026-11-24'] },
    ]);
    // The header as wide as the widest row; the empty row 6 is no row.
    expect(readTable(file)).toEqual({
      header: ['Klant nummer', '', 'Gemeente', '', '', ''],
      rows: [
        { line: 3, cells: ['9000', 'Boekhan del', 'true', '', 'x & y', '1.5'] },
        { line: 5, cells: ['2023-11-24', '2023-11-24', '42', '2026-11-24'] },
      ],
    });
    expect(readColumns(file)).toEqual({ header: ['Klant nummer', '', 'Gemeente', '', '', ''], rowCount: 2 });
  });

  it('counts dates from 1904 when the workbook says so', () => {
    const file = workbook(
      ['<row r="1"><c r="A1" t="inlineStr"><is><t>d</t></is></c></row><row r="2"><c r="A2" s="1"><v>43792</v></c></row>'],
      {
        styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
        workbookPr: '<workbookPr date1904="1"/>',
      },
    );
    expect(rows(file)[1].cells).toEqual(['2023-11-24']);
  });

  it('reads the first sheet the workbook lists, with prefixed elements, cells without a reference, and stored entries', () => {
    const first =
      '<x:row r="1"><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c><x:v>2</x:v></x:c></x:row><x:row><x:c r="C2"><x:v>3</x:v></x:c></x:row>';
    const file = workbook([first, '<x:row r="1"><x:c r="A1"><x:v>9</x:v></x:c></x:row>'], { prefix: 'x', store: true });
    expect(rows(file)).toEqual([
      { line: 1, cells: ['a', '2'] },
      { line: 2, cells: ['', '', '3'] },
    ]);
  });

  it('reads the files the tests and the bench make (inline strings, no styles)', () => {
    expect(rows(makeXlsx([['Klantnummer', 'Naam'], ['C1', ' Bakkerij   De Mol '], [], ['C2', 12]]))).toEqual([
      { line: 1, cells: ['Klantnummer', 'Naam'] },
      { line: 2, cells: ['C1', 'Bakkerij De Mol'] },
      { line: 4, cells: ['C2', '12'] },
    ]);
  });

  it('hands the rows on one at a time and stops when asked; the header is read without the rows under it', () => {
    // Row 3 refers to a shared string that is not there: reading up to row 2 never meets it.
    const file = workbook(
      ['<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>1</v></c></row><row r="3"><c r="A3" t="s"><v>7</v></c></row>'],
      { sharedStrings: '<si><t>Klantnummer</t></si>' },
    );
    expect(readHeader(file)).toEqual(['Klantnummer']);
    const seen: number[] = [];
    forEachRow(file, (row) => {
      seen.push(row.line);
      if (row.line === 2) throw new StopReading();
    });
    expect(seen).toEqual([1, 2]);
    expect(codeOf(() => rows(file))).toBe('import_file_unreadable');
  });

  it('refuses a header without data rows, and a workbook that is broken or not one', () => {
    expect(codeOf(() => readHeader(makeXlsx([['Klantnummer']])))).toBe('import_file_empty');
    expect(codeOf(() => readTable(makeXlsx([['Klantnummer']])))).toBe('import_file_empty');
    expect(codeOf(() => rows(workbook(['<row r="1"><c r="A1"><v>1</v></c>'])))).toBe('import_file_unreadable');
    expect(codeOf(() => rows(workbook(['<row r="1"><c r="A1"><v>een</v></c></row>'])))).toBe('import_file_unreadable');
    expect(codeOf(() => rows(Buffer.from(zipSync({ 'a.txt': strToU8('no workbook') }))))).toBe('import_file_unreadable');
    const cut = makeXlsx([['a'], ['b']]);
    expect(codeOf(() => rows(cut.subarray(0, cut.length - 30)))).toBe('import_file_unreadable');
  });

  // How fast they are refused is the bench's to judge (bench/import.ts), not this test's.
  it('refuses a zip bomb and an endless XML token without holding them', () => {
    // 150 MB of zeros where the shared strings are: refused at the first megabyte without a token in it.
    const bomb = makeXlsx([['Klantnummer'], ['C1']], { 'xl/sharedStrings.xml': new Uint8Array(150 * 1024 * 1024) });
    expect(codeOf(() => rows(bomb))).toBe('import_file_unreadable');
    // Rows enough to unpack past the limit, each a well-formed token: refused when the unpacked bytes pass it (here
    // 1 MB instead of MAX_UNPACKED_BYTES), after handing on the rows before that, with the unpacked-bytes cap's own code.
    const many = makeXlsx(Array.from({ length: 50_000 }, (_, i) => [`C${i}`]));
    let handed = 0;
    const read = () => readXlsxRows(many, { maxUnpackedBytes: 1024 * 1024, clean: (text) => text, onRow: () => handed++ });
    expect(codeOf(read)).toBe('import_file_too_large');
    expect(handed).toBeGreaterThan(5_000);
    expect(handed).toBeLessThan(50_000);
  }, 60_000);
});

describe('CSV', () => {
  it('hands on each record with its number, the empty ones left out', () => {
    const csv = Buffer.from('Klantnummer;Naam\r\n\r\nC1;"Bakkerij\r\nDe Mol"\r\nC2;  Zilver  \r\n;\r\n', 'utf8');
    expect(rows(csv)).toEqual([
      { line: 1, cells: ['Klantnummer', 'Naam'] },
      { line: 3, cells: ['C1', 'Bakkerij De Mol'] },
      { line: 4, cells: ['C2', 'Zilver'] },
    ]);
    expect(readColumns(csv)).toEqual({ header: ['Klantnummer', 'Naam'], rowCount: 2 });
  });
});
