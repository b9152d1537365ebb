// Reads an import file's rows as text (decision 030): CSV as an ERP exports it (UTF-8 with or without BOM, or
// Windows-1252; comma, semicolon (Belgian Excel) or tab) or XLSX (its first sheet, read streaming by lib/xlsx/reader.ts). What
// the file IS comes from its bytes, not its name. An XLSX is a zip: what reading it inflates is counted as it comes,
// so a zip bomb is refused after MAX_UNPACKED_BYTES instead of filling the memory.
//
// Every axis a file could grow along is capped (IMPORT_FILE_LIMITS: rows, columns, a cell's length, unpacked bytes),
// each refused with its own code. The server reads files in a file-work process (workers/fileTasks.ts, readTable), never
// on the event loop: docs/decisions/041-file-work-off-the-loop.md.
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { IMPORT_FILE_LIMITS } from '@prospectie/contract';
import { DomainError } from '../../errors.js';
import { giveWay } from '../../workers/cooperation.js';
import { readXlsxRows, StopReading, unreadable, type SheetLimits } from '../../lib/xlsx/reader.js';

export interface Row {
  /** The row's number in the file (a spreadsheet's row number; a CSV's record number). */
  line: number;
  /** The row's cells as text, trimmed, their inner spaces collapsed; a row may be shorter than the header. */
  cells: string[];
}

export interface Table {
  header: string[];
  /** Each row's cells as text, trimmed; empty rows are left out, `line` keeps the row's number in the file. */
  rows: Row[];
}

/** An XLSX of the 20,000 shops an ERP holds unpacks to some 15 MB; far more is no shop list. */
export const MAX_UNPACKED_BYTES = IMPORT_FILE_LIMITS.unpackedBytes;

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

const cellText = (text: string) => text.replace(/\s+/g, ' ').trim();

function readXlsx(bytes: Buffer, limits: SheetLimits, onRow: (row: Row) => void): void {
  try {
    readXlsxRows(bytes, { maxUnpackedBytes: MAX_UNPACKED_BYTES, limits, clean: cellText, onRow: (line, cells) => onRow({ line, cells }) });
  } catch (err) {
    if (err instanceof DomainError || err instanceof StopReading) throw err;
    throw unreadable(err instanceof Error ? err.name : 'reader failed');
  }
}

/**
 * UTF-8 when the bytes are valid UTF-8 (the BOM dropped), else Windows-1252, what Excel on Windows writes. Read by
 * iconv-lite: Node's TextDecoder('windows-1252') reads Latin-1 since 20.18.3, losing € – “ ” Œ and the rest of 0x80–0x9F.
 */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}

/** The separator of the header line: the one of `;`, `,` and tab it holds most of (outside quotes). */
function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

/** A text file: no NUL byte in it (binaries, PDFs and images have them), and not a zip. */
const looksLikeText = (bytes: Buffer) => !bytes.subarray(0, 8192).includes(0);

const tooManyColumns = (limits: SheetLimits) => new DomainError('import_too_many_columns', `more than ${limits.columns} columns`);

function readCsv(bytes: Buffer, limits: SheetLimits, onRow: (row: Row) => void): void {
  const text = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  // A header of a million columns is refused before the parser builds a record of them.
  if (text.split(/\r?\n/, 1)[0].split(delimiter).length > limits.columns) throw tooManyColumns(limits);
  let line = 0;
  try {
    parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      // Each record handed on as it is parsed, none kept (null leaves it out of parse's result).
      on_record: (record: string[]) => {
        if (++line > limits.rows) throw new DomainError('import_too_many_rows', `more than ${limits.rows} rows`);
        if (record.length > limits.columns) throw tooManyColumns(limits);
        if (record.some((cell) => cell.length > limits.cellLength))
          throw new DomainError('import_cell_too_long', `a cell holds more than ${limits.cellLength} characters`);
        const cells = record.map(cellText);
        if (cells.some((c) => c !== '')) onRow({ line, cells });
        giveWay();
        return null;
      },
    });
  } catch (err) {
    if (err instanceof DomainError || err instanceof StopReading) throw err;
    throw unreadable(err instanceof Error ? ((err as { code?: string }).code ?? err.name) : 'csv parser failed');
  }
}

/**
 * Hands on the file's rows that hold a cell, one at a time, the header row first; onRow may throw StopReading to end
 * the reading there. Throws the DomainError of a file that is empty, neither CSV nor XLSX, or unreadable.
 */
export function forEachRow(bytes: Buffer, onRow: (row: Row) => void, limits: SheetLimits = IMPORT_FILE_LIMITS): void {
  if (bytes.length === 0) throw new DomainError('import_file_empty', 'the file is empty');
  if (isZip(bytes)) readXlsx(bytes, limits, onRow);
  else if (looksLikeText(bytes)) readCsv(bytes, limits, onRow);
  else throw new DomainError('import_file_type', 'the file is neither CSV nor XLSX');
}

const noDataRows = () => new DomainError('import_file_empty', 'the file has no data rows');

/** The header row of a file that has a data row under it; reads no further than that row. */
export function readHeader(bytes: Buffer): string[] {
  const found: Row[] = [];
  try {
    forEachRow(bytes, (row) => {
      found.push(row);
      if (found.length === 2) throw new StopReading();
    });
  } catch (err) {
    if (!(err instanceof StopReading)) throw err;
  }
  if (found.length < 2) throw noDataRows();
  return found[0].cells;
}

/**
 * Reads the whole file, handing on each row (the header first) and returning the header and the number of data rows.
 * An XLSX header is as wide as the sheet's widest row, as a spreadsheet shows it: the columns without a title are ''.
 */
function readAll(bytes: Buffer, onRow: (row: Row) => void, limits?: SheetLimits): { header: string[]; rowCount: number } {
  let header: string[] | undefined;
  let rowCount = 0;
  let width = 0;
  forEachRow(
    bytes,
    (row) => {
      if (header) rowCount++;
      else header = row.cells;
      width = Math.max(width, row.cells.length);
      onRow(row);
    },
    limits,
  );
  if (!header || rowCount === 0) throw noDataRows();
  if (isZip(bytes)) while (header.length < width) header.push('');
  return { header, rowCount };
}

/** The file's columns and its number of data rows, without holding the rows. */
export function readColumns(bytes: Buffer, limits?: SheetLimits): { header: string[]; rowCount: number } {
  return readAll(bytes, () => {}, limits);
}

/** The whole file at once: what a file-work process hands back to the import. */
export function readTable(bytes: Buffer, limits?: SheetLimits): Table {
  const rows: Row[] = [];
  const { header } = readAll(bytes, (row) => rows.push(row), limits);
  return { header, rows: rows.slice(1) };
}

/** What an import asks for: the header and the number of data rows, with the rows themselves when `rows` is true. */
export function readTableOrColumns(bytes: Buffer, rows: boolean): Table & { rowCount: number } {
  if (!rows) return { ...readColumns(bytes), rows: [] };
  const table = readTable(bytes);
  return { ...table, rowCount: table.rows.length };
}
