// Files the tests, the fault suite and the bench send: the largest real ones (an ERP's 20,000 shops, an Outlook export
// of years of meetings) that must pass, and the attacks a security review found that must not take the server.
import { Deflate, strToU8 } from 'fflate';
import { belgianCities } from '../db/seed-data/cities.js';
import { makeXlsx } from './xlsx.js';

export const ERP_SHOPS = 20_000;

/** The ERP's shop list as XLSX: 20,000 shops in ten columns, as the bench imports it. */
export function erpShopsXlsx(count = ERP_SHOPS): Buffer {
  const rows: (string | number)[][] = [
    ['Klantnummer', 'Naam', 'Straat', 'Huisnummer', 'Postcode', 'Gemeente', 'Land', 'Klant', 'Eigenaar', 'Vertegenwoordiger'],
  ];
  for (let i = 0; i < count; i++) {
    const city = belgianCities[i % belgianCities.length];
    rows.push([
      `K${100000 + i}`,
      `Winkel ${i}`,
      'Kerkstraat',
      (i % 200) + 1,
      city.postalCode,
      city.name,
      'BE',
      `Klant ${i}`,
      `Eigenaar ${i}`,
      i % 3 ? 'demo@example.com' : '',
    ]);
  }
  return makeXlsx(rows);
}

export const calendarOf = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//NL', ...events, 'END:VCALENDAR', ''].join('\r\n');

/** One VEVENT of the lines given (UID and DTSTART among them). */
export const veventOf = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

/** A rule that recurs forever from `start`, as the attacks send it. */
const endless = (uid: string, start: string, rule: string) =>
  veventOf([`UID:${uid}`, `DTSTART:${start}`, 'DURATION:PT1H', `RRULE:${rule}`]);

/** A sheet whose XML the caller writes (rows as they come), in an otherwise ordinary workbook. */
export const xlsxWithSheet = (sheetData: string) =>
  makeXlsx([], {
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    ),
  });

/**
 * A workbook whose sheet unpacks to `megabytes` of the same row, deflated a piece at a time so that the maker never
 * holds it: a row bomb of about a gigabyte in a megabyte.
 */
export function xlsxRowBomb(megabytes: number, row = '<row><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'): Buffer {
  const chunk = strToU8(row.repeat(Math.ceil((1024 * 1024) / row.length)));
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (data) => parts.push(data));
  deflate.push(strToU8('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'));
  for (let i = 0; i < megabytes; i++) deflate.push(chunk);
  deflate.push(strToU8('</sheetData></worksheet>'), true);
  const deflated = Buffer.concat(parts);
  // A stored placeholder of the right name, then its bytes swapped for the deflated stream (method 8) in the zip.
  const base = makeXlsx([], { 'xl/worksheets/sheet1.xml': strToU8('@') });
  return spliceEntry(base, 'xl/worksheets/sheet1.xml', deflated);
}

/** Rewrites a zip with one entry's data replaced by a raw deflate stream (its CRC left out: the import does not check it). */
function spliceEntry(zip: Buffer, name: string, deflated: Buffer): Buffer {
  const files = readZip(zip);
  files.set(name, { method: 8, data: deflated });
  return writeZip(files);
}

function readZip(zip: Buffer): Map<string, { method: number; data: Buffer }> {
  const files = new Map<string, { method: number; data: Buffer }>();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(offset + 10);
    const size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extra = zip.readUInt16LE(offset + 30);
    const comment = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    files.set(name, { method, data: zip.subarray(dataStart, dataStart + size) });
    offset += 46 + nameLength + extra + comment;
  }
  return files;
}

function writeZip(files: Map<string, { method: number; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, { method, data }] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OUTLOOK_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Romance Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

const compact = (date: Date) => date.toISOString().slice(0, 19).replace(/[-:]/g, '');
const dayOf = (date: Date) => compact(date).slice(0, 8);
const addDaysTo = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * An Outlook export of a rep's calendar over the years, as `now` sees it: 5,000 events, of which 300 are series (200
 * weekly meetings that ended, 40 still running since 2009–2020, 40 monthly since 2015, 20 birthdays since 1960–1990),
 * in Outlook's own zone name with its VTIMEZONE. Some 3,400 of its appointments fall in the import's window.
 */
export function outlookExport(now = new Date()): string {
  const events: string[] = [];
  const meeting = (i: number, start: Date, extra: string[]) =>
    veventOf([
      `UID:040000008200E00074C5B7101A82E0080000000${String(i).padStart(5, '0')}`,
      `DTSTART;TZID=Romance Standard Time:${compact(start)}`,
      `DTEND;TZID=Romance Standard Time:${compact(new Date(start.getTime() + 3_600_000))}`,
      `DTSTAMP:${compact(now)}Z`,
      `SUMMARY;LANGUAGE=nl-BE:Overleg ${i}`,
      `LOCATION:Kantoor ${i % 40}`,
      'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      ...extra,
    ]);
  const at = (date: Date, hour: number) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour));
  // 4,700 single meetings from eight years back to seven months ahead, one every 17 hours or so.
  const first = addDaysTo(now, -8 * 365);
  const span = (8 * 365 + 210) / 4_700;
  for (let i = 0; i < 4_700; i++) events.push(meeting(i, at(addDaysTo(first, i * span), 8 + (i % 9)), []));
  for (let i = 0; i < 200; i++) {
    const start = at(new Date(Date.UTC(2012 + (i % 13), i % 12, 1 + (i % 27))), 9);
    events.push(meeting(5_000 + i, start, [`RRULE:FREQ=WEEKLY;UNTIL=${dayOf(addDaysTo(start, 365 + (i % 3) * 365))}T235959Z`]));
  }
  for (let i = 0; i < 40; i++)
    events.push(meeting(6_000 + i, at(new Date(Date.UTC(2009 + (i % 12), i % 12, 5 + (i % 20))), 10), ['RRULE:FREQ=WEEKLY;INTERVAL=1']));
  for (let i = 0; i < 40; i++)
    events.push(
      meeting(7_000 + i, at(new Date(Date.UTC(2015, i % 12, 1 + (i % 28))), 14), [`RRULE:FREQ=MONTHLY;BYMONTHDAY=${1 + (i % 28)}`]),
    );
  for (let i = 0; i < 20; i++) {
    const day = dayOf(new Date(Date.UTC(1960 + i * 1.5, i % 12, 1 + i)));
    events.push(
      veventOf([
        `UID:verjaardag-${i}`,
        `DTSTART;VALUE=DATE:${day}`,
        `DTEND;VALUE=DATE:${dayOf(addDaysTo(new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`), 1))}`,
        `SUMMARY:Verjaardag ${i}`,
        'RRULE:FREQ=YEARLY',
      ]),
    );
  }
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
    'VERSION:2.0',
    'METHOD:PUBLISH',
    OUTLOOK_ZONE,
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export interface FileAttack {
  name: string;
  /** Who sends it where: a rep's .ics import, or a beheerder's shop import (a dry run). */
  to: 'ics' | 'shops';
  body: Buffer | string;
  /** What the sender must get. */
  expect: { status: number; code?: string };
  /** Whether the file keeps its thread busy until the deadline stops it (so the attack is still pending meanwhile). */
  endless?: boolean;
}

/** Every attack of the security review, and a never-ending rule it did not list. */
export function fileAttacks(): FileAttack[] {
  const old = (n: number) => calendarOf(Array.from({ length: n }, (_, i) => endless(`old-${i}`, '19000101T090000Z', 'FREQ=DAILY')));
  const wide = xlsxWithSheet(
    Array.from({ length: 2_000 }, (_, r) => `<row r="${r + 1}"><c r="XFD${r + 1}" t="inlineStr"><is><t>x</t></is></c></row>`).join(''),
  );
  return [
    {
      name: 'a rule that can never occur (30 February)',
      to: 'ics',
      body: calendarOf([endless('a', '20260101T090000Z', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')]),
      expect: { status: 422, code: 'file_too_complex' },
      endless: true,
    },
    {
      // Not among the review's: the deadline, not a special case, must stop it.
      name: 'another that can never occur (31 April)',
      to: 'ics',
      body: calendarOf([endless('b', '20260101T090000Z', 'FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31')]),
      expect: { status: 422, code: 'file_too_complex' },
      endless: true,
    },
    { name: 'three daily series since 1900', to: 'ics', body: old(3), expect: { status: 200 } },
    { name: 'twenty daily series since 1900', to: 'ics', body: old(20), expect: { status: 400, code: 'ics_recurrence_too_long' } },
    {
      name: 'more events than a file may hold',
      to: 'ics',
      body: calendarOf(Array.from({ length: 10_001 }, (_, i) => veventOf([`UID:e${i}`, 'DTSTART:20100101T090000Z']))),
      expect: { status: 400, code: 'ics_too_many_file_events' },
    },
    { name: 'an XLSX whose rows name cell XFD', to: 'shops', body: wide, expect: { status: 400, code: 'import_too_many_columns' } },
    {
      name: 'an XLSX of 95 MB of empty rows',
      to: 'shops',
      body: xlsxRowBomb(95, '<row/>'),
      expect: { status: 400, code: 'import_too_many_rows' },
    },
    { name: 'an XLSX row bomb of a gigabyte', to: 'shops', body: xlsxRowBomb(1024), expect: { status: 400, code: 'import_too_many_rows' } },
    {
      name: 'an XLSX that unpacks past its limit',
      to: 'shops',
      body: xlsxRowBomb(120, `<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(1500)}</t></is></c></row>`),
      expect: { status: 400, code: 'import_file_too_large' },
    },
    {
      name: 'a CSV of a million columns',
      to: 'shops',
      body: Buffer.from(`${';'.repeat(1_000_000)}\nK1;Winkel\n`),
      expect: { status: 400, code: 'import_too_many_columns' },
    },
    {
      name: 'a CSV of 2.3 million rows',
      to: 'shops',
      body: Buffer.from(`Klantnummer;Naam;Postcode;Gemeente\n${'K;W;1;G\n'.repeat(1_150_000)}`),
      expect: { status: 400, code: 'import_too_many_rows' },
    },
    {
      name: 'a CSV with a cell of a megabyte',
      to: 'shops',
      body: Buffer.from(`Klantnummer;Naam;Postcode;Gemeente\nK1;${'W'.repeat(1024 * 1024)};9000;Gent\n`),
      expect: { status: 400, code: 'import_cell_too_long' },
    },
  ];
}
