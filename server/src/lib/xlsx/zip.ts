// The zip and XML part of the XLSX reader (reader.ts): a workbook's entries from its central directory, each inflated
// a piece at a time (fflate's Inflate) into a streaming SAX parser (saxen's write/end), with what it unpacks counted
// as it comes. Whatever the XML holds, nothing outside the zip is read: saxen expands no DTD entities
// (docs/decisions/031-shop-import-memory.md).
import { Inflate } from 'fflate';
import { Parser } from 'saxen';
import { DomainError } from '../../errors.js';
import { giveWay } from '../../workers/cooperation.js';

export const unreadable = (why: string) => new DomainError('import_file_unreadable', `the file cannot be read: ${why}`);

export interface ZipEntry {
  /** 0 stored, 8 deflated. */
  method: number;
  data: Uint8Array;
}

const MAX_ZIP_ENTRIES = 10_000;
const CHUNK = 4096;

/** The zip's entries by name, from its central directory (what a local header says about sizes is not used). */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
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
  const count = bytes.readUInt16LE(eocd + 10);
  if (count > MAX_ZIP_ENTRIES) throw unreadable('too many zip entries');
  let offset = bytes.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw unreadable('broken central directory');
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const local = bytes.readUInt32LE(offset + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw unreadable('broken local header');
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (compressedSize === 0xffffffff || dataStart + compressedSize > bytes.length) throw unreadable('entry outside the file');
    if (method !== 0 && method !== 8) throw unreadable('unknown compression');
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength).replace(/\\/g, '/');
    entries.set(name, { method, data: bytes.subarray(dataStart, dataStart + compressedSize) });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/**
 * Counts what the entries read so far unpack to and refuses the file past `limit`: the sizes a zip declares are not
 * trusted (a zip bomb lies), the inflated bytes are counted as they come, and none is kept beyond its piece.
 */
export class UnpackBudget {
  private total = 0;
  constructor(private readonly limit: number) {}
  take(bytes: number): void {
    this.total += bytes;
    if (this.total > this.limit) throw new DomainError('import_file_too_large', 'the file unpacks to more than the limit');
  }
}

/** Inflates an entry a piece at a time (small pieces: each is text for a moment only), handing each piece on. */
function inflateEntry(entry: ZipEntry, budget: UnpackBudget, onChunk: (chunk: Uint8Array) => void): void {
  const { data } = entry;
  const take = (chunk: Uint8Array) => {
    budget.take(chunk.length);
    onChunk(chunk);
    giveWay();
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += CHUNK) take(data.subarray(at, at + CHUNK));
    return;
  }
  const inflate = new Inflate(take);
  if (data.length === 0) inflate.push(data, true);
  for (let at = 0; at < data.length; at += CHUNK) inflate.push(data.subarray(at, at + CHUNK), at + CHUNK >= data.length);
}

export interface XmlHandlers {
  /** An element opens (its name without prefix); `attr` reads one of its attributes (without prefix), decoded. */
  open?: (name: string, attr: (name: string) => string | undefined) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The file's entries and what reading them has unpacked so far. */
export interface Zip {
  entries: Map<string, ZipEntry>;
  budget: UnpackBudget;
}

/**
 * The most XML that may come without completing a token (a tag, a text, a comment): saxen keeps an unfinished token
 * and joins each next piece to it, so a zip bomb of one endless text would otherwise be held, and joined again and
 * again, whole. No cell of a shop list holds a megabyte.
 */
const MAX_TOKEN_CHARS = 1024 * 1024;

/** Runs the handlers over an entry's XML (UTF-8), streaming. */
export function parseXml(zip: Zip, entry: ZipEntry, handlers: XmlHandlers): void {
  const parser = new Parser();
  /** Characters written since saxen last completed a token. */
  let pending = 0;
  const { open, close, text } = handlers;
  parser.on('openTag', (name, getAttrs, decode) => {
    pending = 0;
    if (!open) return;
    let attrs: Record<string, string> | undefined;
    open(localName(name), (wanted) => {
      attrs ??= getAttrs();
      for (const key in attrs) if (localName(key) === wanted) return decode(attrs[key]);
      return undefined;
    });
  });
  parser.on('closeTag', (name) => {
    pending = 0;
    close?.(localName(name));
  });
  parser.on('text', (value, decode) => {
    pending = 0;
    text?.(decode(value));
  });
  parser.on('cdata', (value) => {
    pending = 0;
    text?.(value);
  });
  for (const other of ['comment', 'question', 'attention'] as const)
    parser.on(other, () => {
      pending = 0;
    });
  parser.on('error', (err) => {
    throw err;
  });
  const write = (piece: string) => {
    pending += piece.length;
    parser.write(piece);
    if (pending > MAX_TOKEN_CHARS) throw unreadable('an XML token larger than the limit');
  };
  const decoder = new TextDecoder('utf-8');
  inflateEntry(entry, zip.budget, (chunk) => {
    const piece = decoder.decode(chunk, { stream: true });
    if (piece) write(piece);
  });
  const rest = decoder.decode();
  if (rest) write(rest);
  const err = parser.end();
  if (err) throw err;
}

/** The targets of a .rels entry by relationship type (its last path segment: officeDocument, worksheet, …), in order. */
export function relationships(zip: Zip, relsPath: string, base: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const entry = zip.entries.get(relsPath);
  if (!entry) return found;
  parseXml(zip, entry, {
    open: (name, attr) => {
      if (name !== 'Relationship') return;
      const type = (attr('Type') ?? '').split('/').at(-1) ?? '';
      const target = attr('Target');
      const id = attr('Id');
      if (!target || attr('TargetMode') === 'External') return;
      const resolved = resolvePath(base, target);
      found.set(type, [...(found.get(type) ?? []), resolved]);
      if (id) found.set(`id:${id}`, [resolved]);
    },
  });
  return found;
}

/** A relationship's target against the folder of the part it belongs to; a leading / is the zip's root. */
function resolvePath(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

export const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
export const relsOf = (path: string) => `${dirOf(path)}_rels/${path.slice(path.lastIndexOf('/') + 1)}.rels`;
