// Reads an import file into a header and rows of text (issue 22): CSV as an ERP exports it (UTF-8 with or without
// BOM, or Windows-1252; comma, semicolon (Belgian Excel) or tab) or XLSX (its first sheet). What the file IS comes
// from its bytes, not its name. An XLSX is a zip: it is inflated once while counting (nothing kept) before the reader
// sees it, so a zip bomb is refused after MAX_UNPACKED_BYTES instead of filling the memory.
import { parse } from 'csv-parse/sync';
import { Inflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { DomainError } from '../../errors.js';

export interface Table {
  header: string[];
  /** Each row's cells as text, trimmed; empty rows are left out, `line` keeps the row's number in the file. */
  rows: { line: number; cells: string[] }[];
}

/** An XLSX of the 20,000 shops an ERP holds unpacks to some 20 MB; far more is no shop list. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 10_000;

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/**
 * Inflates every entry of the zip once, counting, without keeping the output, and stops as soon as the total passes
 * MAX_UNPACKED_BYTES: what an entry declares about its size is not trusted (a zip bomb lies), the bytes are counted.
 */
function checkUnpackedSize(bytes: Buffer): void {
  // End of central directory: signature 0x06054b50, within the last 64 KB + 22 bytes.
  const from = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable('no end of central directory');
  const entries = bytes.readUInt16LE(eocd + 10);
  if (entries > MAX_ZIP_ENTRIES) throw unreadable('too many zip entries');
  let offset = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw unreadable('broken central directory');
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const local = bytes.readUInt32LE(offset + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw unreadable('broken local header');
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (compressedSize === 0xffffffff || dataStart + compressedSize > bytes.length) throw unreadable('entry outside the file');
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) total += data.length;
    else if (method === 8) {
      const inflate = new Inflate((chunk) => {
        total += chunk.length;
        if (total > MAX_UNPACKED_BYTES) throw unreadable('unpacks to more than the limit');
      });
      for (let at = 0; at < data.length; at += 65_536) inflate.push(data.subarray(at, at + 65_536), at + 65_536 >= data.length);
    } else throw unreadable('unknown compression');
    if (total > MAX_UNPACKED_BYTES) throw unreadable('unpacks to more than the limit');
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
}

const unreadable = (why: string) => new DomainError('import_file_unreadable', `the file cannot be read: ${why}`);

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).replace(/\s+/g, ' ').trim();
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  checkUnpackedSize(bytes);
  try {
    const sheet = await readSheet(bytes);
    return sheet.map((row) => row.map(cellText));
  } catch (err) {
    throw unreadable(err instanceof Error ? err.name : 'reader failed');
  }
}

/** UTF-8 when the bytes are valid UTF-8 (the BOM dropped), else Windows-1252, what Excel on Windows writes. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
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

function readCsv(bytes: Buffer): string[][] {
  const text = decodeText(bytes);
  try {
    const records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
    return records.map((row) => row.map(cellText));
  } catch (err) {
    throw unreadable(err instanceof Error ? ((err as { code?: string }).code ?? err.name) : 'csv parser failed');
  }
}

export async function readTable(bytes: Buffer): Promise<Table> {
  if (bytes.length === 0) throw new DomainError('import_file_empty', 'the file is empty');
  let grid: string[][];
  if (isZip(bytes)) grid = await readXlsx(bytes);
  else if (looksLikeText(bytes)) grid = readCsv(bytes);
  else throw new DomainError('import_file_type', 'the file is neither CSV nor XLSX');
  const numbered = grid.map((cells, i) => ({ line: i + 1, cells })).filter((r) => r.cells.some((c) => c !== ''));
  const [header, ...rows] = numbered;
  if (!header || rows.length === 0) throw new DomainError('import_file_empty', 'the file has no data rows');
  return { header: header.cells, rows };
}
