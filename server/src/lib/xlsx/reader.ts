// Reads the first sheet of an XLSX row by row (decision 030) without holding the sheet: each zip entry is inflated a
// piece at a time into a streaming SAX parser (zip.ts), and a row is handed on as text as soon as its </row> is
// read. Only the shared strings (each distinct text of the file once) and the styles' date formats are kept.
//
// Cells as text: a string as it is; a number as JavaScript writes it (`9000`, `1.5`); a number in a date format
// (the built-in ones, or a format made of day, month, year and time tokens only) as its date, YYYY-MM-DD; a
// boolean as true/false; an error cell (#N/A) and a formula without a cached value as empty.
import { IMPORT_FILE_LIMITS } from '@prospectie/contract';
import { DomainError } from '../../errors.js';
import { dirOf, parseXml, relationships, relsOf, unreadable, UnpackBudget, zipEntries, type Zip } from './zip.js';

/** The reader's refusal of a file it cannot read (import_file_unreadable), for its callers' own. */
export { unreadable };

/** Built-in number formats that show a date or a time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47]);
for (let id = 50; id <= 58; id++) DATE_FORMAT_IDS.add(id);
for (let id = 71; id <= 81; id++) DATE_FORMAT_IDS.add(id);
const DATE_TOKENS = new Set(['s', 'ss', 'm', 'mm', 'h', 'hh', 'am', 'pm', 'a', 'p', 'd', 'dd', 'ddd', 'dddd', 'aaa', 'aaaa']);
for (const token of ['mmm', 'mmmm', 'mmmmm', 'y', 'yy', 'yyyy', 'e', 'ee', 'eeee', 'aaaaa']) DATE_TOKENS.add(token);

/** A custom format code that shows a date: made of date and time tokens only, quoted text and [colours] aside. */
function isDateFormatCode(code: string): boolean {
  const sections = code.toLowerCase().replace(/;@$/, '').replace(/\\./g, ' ').split(';');
  return sections.some((section) => {
    const bare = section
      .replace(/"[^"]*"/g, ' ')
      .replace(/(\[?[smhd]{1,2}\]?)[.,]00?0?/g, '$1')
      .replace(/\[([smhd]{1,2})\]/g, '$1')
      .replace(/\[[^\]]*\]/g, '');
    const tokens = bare.split(/[^a-z0#?%]+/).filter(Boolean);
    return tokens.length > 0 && tokens.every((token) => DATE_TOKENS.has(token));
  });
}

/** Which cell styles (by index) show a date. */
function dateStyles(zip: Zip, path: string): boolean[] {
  const entry = zip.entries.get(path);
  if (!entry) return [];
  const customDate = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  parseXml(zip, entry, {
    open: (name, attr) => {
      if (name === 'numFmt') customDate.set(Number(attr('numFmtId')), isDateFormatCode(attr('formatCode') ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attr('numFmtId') ?? 0);
        styles.push(customDate.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** The shared strings table: each <si>'s text runs joined, the phonetic guides (<rPh>) left out. */
function sharedStrings(zip: Zip, path: string): string[] {
  const entry = zip.entries.get(path);
  if (!entry) return [];
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  parseXml(zip, entry, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't') inText = !inPhonetic;
      else if (name === 'rPh') inPhonetic = true;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') strings.push(current);
    },
    text: (text) => {
      if (inText) current += text;
    },
  });
  return strings;
}

const DAY_MS = 86_400_000;
/** An Excel serial date as YYYY-MM-DD (day 25569 is 1970-01-01; 1900's false 29 February is before any ERP's data). */
function serialDate(serial: number, epoch1904: boolean): string {
  const days = epoch1904 ? serial + 1462 : serial;
  return new Date(Math.floor((days - 25_569) * DAY_MS)).toISOString().slice(0, 10);
}

/** Column letters (the A of A12) → 0-based index; -1 when the reference has none. */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : column - 1;
}

/** What a sheet may hold (IMPORT_FILE_LIMITS); tests pass smaller ones. */
export interface SheetLimits {
  /** Rows read, empty ones too. */
  rows: number;
  /** A filled cell in a column past these is refused. */
  columns: number;
  /** Characters in one cell. */
  cellLength: number;
}

/** Thrown by onRow to stop reading: the rows it wanted have come. */
export class StopReading extends Error {}

/**
 * Calls onRow for each row of the workbook's first sheet that has a cell, in order, with the row's number as the sheet
 * shows it and its cells as text (a missing cell is ''; `clean` is applied to every cell's text). onRow may throw
 * StopReading to end the reading there. Refuses the file (import_file_unreadable) once what it unpacks passes
 * maxUnpackedBytes.
 */
export function readXlsxRows(
  bytes: Buffer,
  options: {
    maxUnpackedBytes: number;
    limits?: SheetLimits;
    clean: (text: string) => string;
    onRow: (line: number, cells: string[]) => void;
  },
): void {
  const { clean, onRow } = options;
  const limits = options.limits ?? IMPORT_FILE_LIMITS;
  const cellTooLong = () => new DomainError('import_cell_too_long', `a cell holds more than ${limits.cellLength} characters`);
  const zip: Zip = { entries: zipEntries(bytes), budget: new UnpackBudget(options.maxUnpackedBytes) };
  const officeDocument = relationships(zip, '_rels/.rels', '').get('officeDocument')?.[0] ?? 'xl/workbook.xml';
  const workbook = zip.entries.get(officeDocument);
  if (!workbook) throw unreadable('no workbook');
  const parts = relationships(zip, relsOf(officeDocument), dirOf(officeDocument));
  let firstSheetId: string | undefined;
  let epoch1904 = false;
  parseXml(zip, workbook, {
    open: (name, attr) => {
      if (name === 'sheet') firstSheetId ??= attr('id');
      else if (name === 'workbookPr') epoch1904 = ['1', 'true'].includes(attr('date1904') ?? '');
    },
  });
  const sheetPath = (firstSheetId && parts.get(`id:${firstSheetId}`)?.[0]) ?? parts.get('worksheet')?.[0];
  const sheet = sheetPath ? zip.entries.get(sheetPath) : undefined;
  if (!sheet) throw unreadable('no sheet');
  // A workbook that does not name its shared strings or styles (some writers leave that out) has them where Excel puts them.
  const strings = sharedStrings(zip, parts.get('sharedStrings')?.[0] ?? `${dirOf(officeDocument)}sharedStrings.xml`);
  const dates = dateStyles(zip, parts.get('styles')?.[0] ?? `${dirOf(officeDocument)}styles.xml`);

  let line = 0;
  let rowsRead = 0;
  let cells: string[] = [];
  let column = -1;
  let type = 'n';
  let style = -1;
  let value: string | null = null;
  let inline = '';
  let reading: 'v' | 't' | null = null;
  let inPhonetic = false;

  const cellText = (): string => {
    switch (type) {
      case 's': {
        const text = value === null ? undefined : strings[Number(value)];
        if (text === undefined) throw unreadable('shared string missing');
        return text;
      }
      case 'inlineStr':
        return inline;
      case 'str':
        return value ?? '';
      case 'b':
        return value === '1' ? 'true' : value === '0' ? 'false' : '';
      case 'e':
        return '';
      case 'd': {
        const date = value ? new Date(value) : null;
        return date && !Number.isNaN(date.valueOf()) ? date.toISOString().slice(0, 10) : '';
      }
      default: {
        if (!value) return '';
        const number = Number(value);
        if (Number.isNaN(number)) throw unreadable('a number cell that holds no number');
        return dates[style] ? serialDate(number, epoch1904) : String(number);
      }
    }
  };

  try {
    parseXml(zip, sheet, {
      open: (name, attr) => {
        switch (name) {
          case 'row': {
            if (++rowsRead > limits.rows) throw new DomainError('import_too_many_rows', `more than ${limits.rows} rows`);
            const r = Number(attr('r'));
            line = Number.isInteger(r) && r > line ? r : line + 1;
            cells = [];
            column = -1;
            break;
          }
          case 'c': {
            const ref = attr('r');
            const at = ref ? columnOf(ref) : -1;
            column = at >= 0 ? at : column + 1;
            type = attr('t') ?? 'n';
            style = Number(attr('s') ?? -1);
            value = null;
            inline = '';
            break;
          }
          case 'v':
            reading = 'v';
            value = '';
            break;
          case 't':
            if (!inPhonetic) reading = 't';
            break;
          case 'rPh':
            inPhonetic = true;
            break;
        }
      },
      close: (name) => {
        switch (name) {
          case 'v':
          case 't':
            reading = null;
            break;
          case 'rPh':
            inPhonetic = false;
            break;
          case 'c': {
            const text = clean(cellText());
            if (text.length > limits.cellLength) throw cellTooLong();
            if (text !== '') {
              // Only a filled cell counts: a sheet may name an empty cell far to the right (XFD1) without harm.
              if (column >= limits.columns) throw new DomainError('import_too_many_columns', `a cell past column ${limits.columns}`);
              while (cells.length < column) cells.push('');
              cells[column] = text;
            }
            break;
          }
          case 'row':
            if (cells.length) onRow(line, cells);
            break;
        }
      },
      text: (text) => {
        if (reading === 'v') value += text;
        else if (reading === 't') inline += text;
        if ((value?.length ?? 0) > limits.cellLength || inline.length > limits.cellLength) throw cellTooLong();
      },
    });
  } catch (err) {
    if (!(err instanceof StopReading)) throw err;
  }
}
