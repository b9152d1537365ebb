// The cities and postal codes of a country (Landen en steden; decision 030), from a CSV or XLSX file with the columns
// `postcode` and `gemeente`: the country is made when it does not exist yet; a city already there (the same postal
// code and name, compared without case, accents and extra spaces) is left as it is, so a file loaded twice adds
// nothing. Applied in one transaction with one log entry. The shop import finds its cities among these.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ImportReport, ImportRow } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { cities, countries } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { writeAudit } from '../audit.js';
import { readFileTable, yieldEvery } from './fileTable.js';
import type { Row } from './readFile.js';
import { fold } from './shopsClassify.js';

export interface CityImportInput {
  bytes: Buffer;
  fileName: string;
  /** The country's name as the app shows it, e.g. 'Luxemburg'. */
  country: string;
  dryRun: boolean;
  actorUserId: number | null;
}

const COLUMNS = { postalCode: 'postcode', city: 'gemeente' } as const;

export async function importCities(db: Db, input: CityImportInput): Promise<ImportReport> {
  const country = input.country.replace(/\s+/g, ' ').trim();
  if (!country || country.length > 100) throw new DomainError('validation_failed', 'a country name of 1 to 100 characters', 'country');
  const table = await readFileTable(input.bytes, true);
  const index = new Map(table.header.map((title, i) => [fold(title), i] as const));
  const postalAt = index.get(COLUMNS.postalCode);
  const cityAt = index.get(COLUMNS.city);
  if (postalAt === undefined || cityAt === undefined) throw new DomainError('import_mapping_incomplete', 'no postcode or gemeente column');
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');

  const plan = async (tx: Db | Tx, lock: boolean) => {
    const all = await tx.select({ id: countries.id, name: countries.name }).from(countries);
    const countryRow = all.find((c) => fold(c.name) === fold(country)) ?? null;
    const known = new Set<string>();
    if (countryRow) {
      // Two runs for one country at once: the later waits here and then reads the cities the earlier added.
      if (lock) await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, countryRow.id)).for('update');
      for (const c of await tx
        .select({ name: cities.name, postalCode: cities.postalCode })
        .from(cities)
        .where(eq(cities.countryId, countryRow.id)))
        known.add(`${fold(c.postalCode).replace(/ /g, '')}|${fold(c.name)}`);
    }
    const classify = ({ line, cells }: Row): ImportRow & { city?: { name: string; postalCode: string } } => {
      const postalCode = (cells[postalAt] ?? '').toUpperCase();
      const name = cells[cityAt] ?? '';
      const base = { row: line, externalNumber: postalCode || null, name: name || null };
      if (!postalCode) return { ...base, status: 'refused', reason: 'postal_code_missing', field: 'postalCode' };
      if (!name) return { ...base, status: 'refused', reason: 'city_missing', field: 'city' };
      if (postalCode.length > 20 || name.length > 100) return { ...base, status: 'refused', reason: 'value_too_long' };
      const key = `${fold(postalCode).replace(/ /g, '')}|${fold(name)}`;
      if (known.has(key)) return { ...base, status: 'unchanged' };
      known.add(key);
      return { ...base, status: 'new', city: { name, postalCode } };
    };
    const rows: ReturnType<typeof classify>[] = [];
    const pause = yieldEvery(1000);
    for (const row of table.rows) {
      rows.push(classify(row));
      await pause();
    }
    return { countryRow, rows };
  };
  const report = (rows: ImportRow[], applied: boolean): ImportReport => {
    const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
    for (const r of rows) counts[r.status]++;
    return { fileName: input.fileName, sha256, applied, counts, mapping: { ...COLUMNS, country }, rows };
  };
  const strip = (rows: (ImportRow & { city?: unknown })[]) => rows.map(({ city: _city, ...row }) => row);

  if (input.dryRun) return report(strip((await plan(db, false)).rows), false);
  return db.transaction(async (tx) => {
    const { countryRow, rows } = await plan(tx, true);
    const countryId = countryRow?.id ?? (await tx.insert(countries).values({ name: country }).returning({ id: countries.id }))[0].id;
    const fresh = rows.flatMap((r) => (r.city ? [{ ...r.city, countryId }] : []));
    for (let at = 0; at < fresh.length; at += 1000) await tx.insert(cities).values(fresh.slice(at, at + 1000));
    const result = report(strip(rows), true);
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'city.import',
      entity: 'country',
      entityId: countryId,
      before: null,
      after: {
        fileName: input.fileName,
        sha256,
        country,
        countryCreated: !countryRow,
        counts: result.counts,
        rows: result.rows.filter((r) => r.status !== 'unchanged'),
      },
    });
    return result;
  });
}
