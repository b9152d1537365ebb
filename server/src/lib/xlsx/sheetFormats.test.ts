// The XLSX writer read back by the import's own reader: cells land in their columns also where an empty one was left
// out, and a text's spaces stay as typed.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readXlsxRows } from './reader.js';
import { xlsxStream, type Column } from './sheetFormats.js';

type Row = { name: string | null; count: number | null; day: string | null; note: string | null };

const columns: Column<Row>[] = [
  { header: 'Naam', kind: 'text', value: (r) => r.name },
  { header: 'Aantal', kind: 'number', value: (r) => r.count },
  { header: 'Datum', kind: 'date', value: (r) => r.day },
  { header: 'Opmerking', kind: 'text', value: (r) => r.note },
];

async function written(rows: Row[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const batches = async function* () {
    yield rows;
  };
  for await (const part of xlsxStream([{ name: 'Blad', columns, batches }])) parts.push(part);
  return Buffer.concat(parts);
}

function readBack(bytes: Buffer): string[][] {
  const rows: string[][] = [];
  readXlsxRows(bytes, { maxUnpackedBytes: 1024 * 1024, clean: (text) => text, onRow: (_, cells) => rows.push(cells) });
  return rows;
}

describe('xlsxStream', () => {
  it('puts every cell in its column, also after an empty one left out', async () => {
    const rows = readBack(
      await written([
        { name: 'Modehuis A', count: 3, day: '2026-11-27', note: 'goed' },
        { name: null, count: 7, day: null, note: 'na twee lege' },
        { name: 'Alleen naam', count: null, day: null, note: null },
        { name: null, count: null, day: null, note: 'laatste' },
      ]),
    );
    expect(rows).toEqual([
      ['Naam', 'Aantal', 'Datum', 'Opmerking'],
      ['Modehuis A', '3', '2026-11-27', 'goed'],
      ['', '7', '', 'na twee lege'],
      ['Alleen naam'],
      ['', '', '', 'laatste'],
    ]);
  });

  it('keeps leading, trailing and repeated spaces, tabs and line breaks of a text', async () => {
    const notes = [' voor', 'na ', 'twee  spaties', 'regel\nregel', 'tab\there', 'gewoon & <eerlijk>'];
    const bytes = await written(notes.map((note) => ({ name: 'x', count: null, day: null, note })));
    expect(
      readBack(bytes)
        .slice(1)
        .map((r) => r[3]),
    ).toEqual(notes);
    // Readers that fold spaces (Excel among them) keep them only where the text says so.
    const xml = strFromU8(unzipSync(new Uint8Array(bytes))['xl/worksheets/sheet1.xml']);
    for (const note of [' voor', 'na ', 'twee  spaties', 'tab\there']) expect(xml).toContain(`<t xml:space="preserve">${note}</t>`);
    expect(xml).toContain('<t xml:space="preserve">regel\nregel</t>');
    expect(xml).toContain('<t>gewoon &amp; &lt;eerlijk&gt;</t>');
  });

  it('writes texts of many scripts whole, also where one push runs past what is encoded at a time', async () => {
    // Rows of two texts of nearly 2,000 characters each (the reader's longest cell), most of three bytes in UTF-8: the
    // rows pushed together pass the writer's buffer (64 KB for 32 K characters), with characters of one to
    // four bytes around where it fills.
    const pieces = ['€', 'é€', '😀€', 'a€€'];
    const notes = Array.from({ length: 60 }, (_, i) => `${i}:` + pieces[i % 4].repeat(Math.floor(1990 / pieces[i % 4].length)));
    const rows = readBack(
      await written(notes.map((note, i) => ({ name: [...note].reverse().join(''), count: i, day: '2026-11-27', note }))),
    );
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual(notes.map((note) => [[...note].reverse().join(''), note]));
  });

  it('stops reading rows when the download is given up midway', async () => {
    let batchesRead = 0;
    let readingStopped = false;
    const batches = async function* () {
      try {
        for (;;) {
          batchesRead++;
          yield Array.from({ length: 500 }, (_, i) => ({ name: `Winkel ${i}`, count: i, day: '2026-11-27', note: 'x'.repeat(40) }));
        }
      } finally {
        readingStopped = true;
      }
    };
    const download = xlsxStream([{ name: 'Blad', columns, batches }]);
    let bytes = 0;
    for await (const part of download) {
      bytes += part.length;
      if (bytes > 64 * 1024) break;
    }
    expect(readingStopped).toBe(true);
    expect(batchesRead).toBeLessThan(50);
  });
});
