// Writes tables as XLSX (fflate's streaming Zip, one sheet's XML at a time) and as CSV the way Belgian Excel opens
// it, a batch of rows at a time, so an export never holds its rows (docs/decisions/033-reporting-exports.md).
import { createDeflateRaw, crc32 } from 'node:zlib';
import { Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

/** A cell's kind decides how it is written: text, a number, or a calendar date (YYYY-MM-DD in, a real date out). */
export type CellKind = 'text' | 'number' | 'date';
export interface Column<R> {
  header: string;
  kind: CellKind;
  value: (row: R) => string | number | null;
}
export interface Sheet<R> {
  name: string;
  columns: Column<R>[];
  /** The sheet's rows, a batch at a time. */
  batches: () => AsyncIterable<R[]>;
}

// --- XLSX ---
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
// Characters XML 1.0 cannot hold (the contract refuses control characters, older rows may still have one).
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Anything escapeXml would change: most texts hold none, and one test is cheaper than five replaces. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const escapeXml = (text: string) =>
  NEEDS_ESCAPE.test(text)
    ? text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : text;

/** A–Z, AA–ZZ, …: the column's letters. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
/** Excel's serial day (days since 1899-12-30) of a YYYY-MM-DD date. */
export const excelSerial = (date: string) => (Date.parse(`${date}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

/** Style ids of styles.xml below: 0 plain, 1 a date as dd/mm/yyyy, 2 a bold header. */
const DATE_STYLE = 1;
const HEADER_STYLE = 2;
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/**
 * Text whose spaces a reader could fold without `xml:space="preserve"`: leading or trailing white space, a run of it,
 * or a line break or tab. Most cells hold none, and the attribute is some 20 bytes a cell.
 */
const FOLDABLE_SPACE = /^\s|\s$|\s\s|[\t\n\r]/;

/**
 * A cell; `ref` only when it does not follow the one before it (a cell's reference is optional and is then the next
 * column's): a reference on every cell and `xml:space` on every text were a third of a sheet's bytes to build and
 * deflate (decision 081).
 */
function xlsxCell(ref: string | null, kind: CellKind, value: string | number | null, style = 0): string {
  if (value === null || value === '') return '';
  const r = ref === null ? '' : ` r="${ref}"`;
  const s = style ? ` s="${style}"` : '';
  if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) return `<c${r}${s}><v>${value}</v></c>`;
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return `<c${r} s="${DATE_STYLE}"><v>${excelSerial(value)}</v></c>`;
  }
  const text = escapeXml(String(value));
  const space = FOLDABLE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `<c${r} t="inlineStr"${s}><is><t${space}>${text}</t></is></c>`;
}

/** How much sheet text is encoded (and deflated) or sent at a time: well under V8's large-object size. */
const PUSH_CHARS = 32 * 1024;
const encoder = new TextEncoder();

/** The letters of the first columns, worked out once. */
const LETTERS = Array.from({ length: 64 }, (_, i) => columnLetters(i));

function xlsxRow<R>(number: number, columns: Column<R>[], cells: (string | number | null)[], style = 0): string {
  let xml = `<row r="${number}">`;
  // Whether the cell before this one was written: then this one needs no reference.
  let follows = true;
  for (let i = 0; i < cells.length; i++) {
    const cell = xlsxCell(follows ? null : `${LETTERS[i] ?? columnLetters(i)}${number}`, style ? 'text' : columns[i].kind, cells[i], style);
    follows = cell !== '';
    xml += cell;
  }
  return `${xml}</row>`;
}

/**
 * A zip entry deflated by Node's zlib on libuv's threads, handed to fflate's Zip as a file of its own kind (its
 * ZipInputFile): a sheet's hundreds of megabytes of XML were deflated by fflate on the event loop, half the server's
 * time in an export (decision 081).
 */
class ThreadDeflatedFile implements ZipInputFile {
  compression = 8;
  size = 0;
  crc = 0;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate = createDeflateRaw({ level: 1 });
  /** Room for a push of mostly Latin text as UTF-8; one of more bytes (accents, €, emoji) goes in several writes. */
  private readonly buffer = new Uint8Array(PUSH_CHARS * 2);
  private readonly ended: Promise<void>;

  constructor(readonly filename: string) {
    // zlib's output comes in slices of its own buffers, never shared memory: fflate takes each as the Uint8Array it is.
    this.deflate.on('data', (chunk: Buffer<ArrayBuffer>) => this.ondata?.(null, chunk, false));
    this.ended = new Promise((resolve, reject) => {
      this.deflate.once('end', resolve);
      this.deflate.once('error', reject);
    });
    // A failure reaches the caller through push or end; an entry given up midway is awaited by nobody.
    this.ended.catch(() => {});
  }

  /**
   * Encodes the text into the entry's own buffer and resolves once zlib has deflated it and handed on what it made of
   * it; rejects when zlib fails, whose error ends the stream without calling back the write it was in. One buffer,
   * written again once zlib is done with it: a new array for every few rows lived outside V8's heap until a full
   * collection, and an export of every visit held some 160 MB of them before one came (decision 081).
   */
  async push(text: string): Promise<void> {
    for (let rest = text; rest;) {
      const { read, written } = encoder.encodeInto(rest, this.buffer);
      const bytes = this.buffer.subarray(0, written);
      this.size += written;
      this.crc = crc32(bytes, this.crc);
      const done = new Promise<void>((resolve, reject) => this.deflate.write(bytes, (error) => (error ? reject(error) : resolve())));
      await Promise.race([done, this.ended.then(() => done)]);
      rest = rest.slice(read);
    }
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.ended;
    this.ondata?.(null, new Uint8Array(0), true);
  }

  terminate(): void {
    this.deflate.destroy();
  }
}

/**
 * The workbook as a stream of zip bytes: the small parts first, then each sheet's XML written batch by batch into
 * its own deflated entry, one entry open at a time, so nothing waits in memory for a later one.
 */
export async function* xlsxStream<R>(sheets: Sheet<R>[]): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  // Level 1: 200,000 visits deflate in two thirds of level 6's CPU time for a file some 10 % larger.
  const addFile = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 1 });
    zip.add(file);
    file.push(encoder.encode(text), true);
  };
  const sheetNames = sheets.map((s) => escapeXml(s.name));
  addFile(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('')}</Types>`,
  );
  addFile(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  addFile(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheetNames
      .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  addFile(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  );
  addFile('xl/styles.xml', STYLES);
  yield* drain();
  // A download given up ends this generator at a yield: the sheet's zlib stream is let go then.
  let open: ThreadDeflatedFile | null = null;
  try {
    for (const [index, sheet] of sheets.entries()) {
      const file = new ThreadDeflatedFile(`xl/worksheets/sheet${index + 1}.xml`);
      open = file;
      zip.add(file);
      await file.push(
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>` +
          xlsxRow(
            1,
            sheet.columns,
            sheet.columns.map((c) => c.header),
            HEADER_STYLE,
          ),
      );
      let number = 1;
      for await (const batch of sheet.batches()) {
        // Pushed a few rows at a time: one string for a whole batch would be megabytes, which V8 keeps in its
        // large-object space until a full collection and which makes the heap grow under a long export.
        let xml = '';
        for (const row of batch) {
          xml += xlsxRow(
            ++number,
            sheet.columns,
            sheet.columns.map((c) => c.value(row)),
          );
          if (xml.length < PUSH_CHARS) continue;
          await file.push(xml);
          xml = '';
          yield* drain();
        }
        if (xml) await file.push(xml);
        yield* drain();
      }
      await file.push('</sheetData></worksheet>');
      await file.end();
      open = null;
      yield* drain();
    }
  } finally {
    open?.terminate();
  }
  zip.end();
  yield* drain();
}

// --- CSV ---
/** Belgian Excel reads a CSV with semicolons, and UTF-8 only after a byte order mark. */
export const CSV_BOM = '\ufeff';
const numberFormat = new Intl.NumberFormat('nl-BE', { useGrouping: false, maximumFractionDigits: 10 });
/** Text Excel would take as a formula (=, +, -, @ first) is written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(kind: CellKind, value: string | number | null): string {
  if (value === null) return '';
  let text: string;
  if (kind === 'number' && typeof value === 'number') text = numberFormat.format(value);
  else if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    text = `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  } else {
    text = String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One sheet as CSV text, a batch of rows at a time; lines end in CRLF, as Excel writes them. */
export async function* csvStream<R>(sheet: Sheet<R>): AsyncGenerator<string> {
  yield CSV_BOM + sheet.columns.map((c) => csvField('text', c.header)).join(';') + '\r\n';
  for await (const batch of sheet.batches()) {
    let text = '';
    for (const row of batch) {
      text += sheet.columns.map((c) => csvField(c.kind, c.value(row))).join(';') + '\r\n';
      if (text.length < PUSH_CHARS) continue;
      yield text;
      text = '';
    }
    if (text) yield text;
  }
}
