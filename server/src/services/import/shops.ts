// The shop import (issue 22): a file from the ERP, read by readFile.ts, mapped to the shop's fields, classified row by
// row (new, changed, unchanged, refused), and on apply written in ONE transaction, upserting by the customer number
// (shops.external_number), with one entry in the log. The API and `npm run import` both call importShops.
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_SHOP_COLUMNS,
  REQUIRED_SHOP_IMPORT_FIELDS,
  SHOP_IMPORT_FIELDS,
  type ImportColumns,
  type ImportRefusal,
  type ImportReport,
  type ImportRow,
  type ShopImportField,
  type ShopImportMapping,
} from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { addresses, auditLog, cities, contacts, countries, employees, shops, users } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { writeAudit } from '../audit.js';
import { readFileTable, yieldEvery } from './fileTable.js';
import type { Row } from './readFile.js';

/** Compared without case, accents and extra spaces: names, postal codes, column titles. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Countries as an ERP writes them: ISO codes besides the names the app keeps. */
const COUNTRY_CODES: Record<string, string[]> = {
  belgie: ['be', 'bel', 'belgium', 'belgique', 'belgien'],
  nederland: ['nl', 'nld', 'netherlands', 'pays-bas', 'niederlande'],
  frankrijk: ['fr', 'fra', 'france', 'frankreich'],
  luxemburg: ['lu', 'lux', 'luxembourg'],
};
/** Without a country column every row is in this country. */
const DEFAULT_COUNTRY = 'België';

const LIMITS = { externalNumber: 50, name: 200, street: 150, houseNumber: 20, postalCode: 20, customerName: 200, ownerName: 200 } as const;

/** A file's columns by their folded title (the last of two alike wins). */
const columnIndex = (header: string[]) => new Map(header.map((title, i) => [fold(title), i] as const));

/** The mapping in effect: field → column index in the file. */
function resolveMapping(
  header: string[],
  mapping: ShopImportMapping,
): { columns: Partial<Record<ShopImportField, number>>; used: Record<string, string> } {
  const index = columnIndex(header);
  const columns: Partial<Record<ShopImportField, number>> = {};
  const used: Record<string, string> = {};
  for (const field of SHOP_IMPORT_FIELDS) {
    const named = mapping[field];
    if (named === null) continue;
    const at = index.get(fold(named ?? DEFAULT_SHOP_COLUMNS[field]));
    if (at !== undefined) {
      columns[field] = at;
      used[field] = header[at];
    } else if (named) {
      // A column the mapping names but the file lacks: the mapping is for another file.
      throw new DomainError('import_mapping_incomplete', `the file has no column for ${field}`, field);
    }
  }
  const missing = REQUIRED_SHOP_IMPORT_FIELDS.filter((field) => columns[field] === undefined);
  if (missing.length) throw new DomainError('import_mapping_incomplete', `no column for ${missing.join(', ')}`, missing[0]);
  return { columns, used };
}

/** What a shop looks like to the import: the fields it compares and writes. */
interface ShopValues {
  name: string;
  /** Undefined: the file has neither a street nor a house number column, so the address keeps its street. */
  street1?: string | null;
  postalCode: string;
  cityId: number;
  /** Undefined (here and below): the file has no such column, so the shop keeps what it has. */
  customerName?: string | null;
  ownerName?: string | null;
  /** Undefined: the file has no rep column, so the shop's rep stays as it is. */
  assignedEmployeeId?: number | null;
}

interface Existing extends ShopValues {
  shopId: number;
  customerName: string | null;
  ownerName: string | null;
  contactId: number | null;
  addressId: number | null;
  cityName: string | null;
  repLogin: string | null;
  assignedEmployeeId: number | null;
}

type Planned =
  | { row: ImportRow; kind: 'refused' | 'unchanged' }
  | { row: ImportRow; kind: 'new'; number: string; values: ShopValues }
  | { row: ImportRow; kind: 'changed'; number: string; values: ShopValues; existing: Existing };

async function lookups(tx: Db | Tx) {
  const countryRows = await tx.select({ id: countries.id, name: countries.name }).from(countries);
  const countryByName = new Map<string, number>();
  for (const c of countryRows) {
    countryByName.set(fold(c.name), c.id);
    for (const code of COUNTRY_CODES[fold(c.name)] ?? []) countryByName.set(code, c.id);
  }
  const cityRows = await tx
    .select({ id: cities.id, countryId: cities.countryId, name: cities.name, postalCode: cities.postalCode })
    .from(cities);
  const cityByKey = new Map<string, { id: number; name: string }>();
  const citiesByPostal = new Map<string, { id: number; name: string }[]>();
  for (const c of cityRows) {
    const postal = fold(c.postalCode).replace(/ /g, '');
    cityByKey.set(`${c.countryId}|${postal}|${fold(c.name)}`, c);
    const list = citiesByPostal.get(`${c.countryId}|${postal}`) ?? [];
    list.push(c);
    citiesByPostal.set(`${c.countryId}|${postal}`, list);
  }
  const everyRep = await tx
    .select({ employeeId: employees.id, login: users.login, active: users.active })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId));
  const reps = everyRep.filter((r) => r.active);
  const repByLogin = new Map(reps.map((r) => [r.login.toLowerCase(), r] as const));
  const inactiveLogins = new Set(everyRep.filter((r) => !r.active).map((r) => r.login.toLowerCase()));
  const loginOfEmployee = new Map(reps.map((r) => [r.employeeId, r.login] as const));
  return { countryByName, cityByKey, citiesByPostal, repByLogin, inactiveLogins, loginOfEmployee };
}

async function existingShops(tx: Db | Tx, loginOfEmployee: Map<number, string>) {
  const rows = await tx
    .select({
      shopId: shops.id,
      number: shops.externalNumber,
      name: shops.name,
      customerName: shops.customerName,
      ownerName: shops.ownerName,
      assignedEmployeeId: shops.assignedEmployeeId,
      contactId: shops.contactId,
      addressId: addresses.id,
      street1: addresses.street1,
      postalCode: addresses.postalCode,
      cityId: addresses.cityId,
      cityName: cities.name,
    })
    .from(shops)
    .leftJoin(contacts, eq(contacts.id, shops.contactId))
    .leftJoin(addresses, eq(addresses.id, contacts.addressId))
    .leftJoin(cities, eq(cities.id, addresses.cityId));
  const byNumber = new Map<string, Existing>();
  const fieldShops = new Map<string, { shopId: number; name: string }>();
  for (const r of rows) {
    if (r.number !== null) {
      byNumber.set(r.number, {
        ...r,
        postalCode: r.postalCode ?? '',
        cityId: r.cityId ?? 0,
        repLogin: r.assignedEmployeeId === null ? null : (loginOfEmployee.get(r.assignedEmployeeId) ?? null),
      });
    } else if (r.postalCode) {
      fieldShops.set(`${fold(r.name)}|${fold(r.postalCode).replace(/ /g, '')}`, { shopId: r.shopId, name: r.name });
    }
  }
  return { byNumber, fieldShops };
}

const COMPARED = ['name', 'street1', 'postalCode', 'cityId', 'customerName', 'ownerName', 'assignedEmployeeId'] as const;

/** Classifies every data row of the file against the database as it is in `tx`. */
async function plan(tx: Db | Tx, rows: Row[], columns: Partial<Record<ShopImportField, number>>): Promise<Planned[]> {
  const { countryByName, cityByKey, citiesByPostal, repByLogin, inactiveLogins, loginOfEmployee } = await lookups(tx);
  const { byNumber, fieldShops } = await existingShops(tx, loginOfEmployee);
  const seen = new Set<string>();
  const cityNames = new Map<number, string>();
  for (const list of citiesByPostal.values()) for (const c of list) cityNames.set(c.id, c.name);

  const classify = ({ line, cells }: Row): Planned => {
    const cell = (field: ShopImportField) => {
      const at = columns[field];
      return at === undefined ? '' : (cells[at] ?? '');
    };
    const number = cell('externalNumber');
    const name = cell('name').toUpperCase();
    const row: ImportRow = { row: line, externalNumber: number || null, name: name || null, status: 'refused' };
    const refuse = (reason: ImportRefusal, field?: ShopImportField): Planned => ({
      row: { ...row, reason, ...(field ? { field } : {}) },
      kind: 'refused',
    });

    if (!number) return refuse('number_missing', 'externalNumber');
    if (seen.has(number)) return refuse('number_duplicate', 'externalNumber');
    seen.add(number);
    if (!name) return refuse('name_missing', 'name');
    for (const [field, max] of Object.entries(LIMITS) as [ShopImportField, number][]) {
      if (cell(field).length > max) return refuse('value_too_long', field);
    }
    const postalCode = cell('postalCode').toUpperCase();
    if (!postalCode) return refuse('postal_code_missing', 'postalCode');
    const cityName = cell('city');
    if (!cityName) return refuse('city_missing', 'city');
    const countryId = countryByName.get(fold(cell('country') || DEFAULT_COUNTRY));
    if (countryId === undefined) return refuse('country_unknown', 'country');
    const postalKey = fold(postalCode).replace(/ /g, '');
    const city = cityByKey.get(`${countryId}|${postalKey}|${fold(cityName)}`);
    if (!city) return refuse('city_unknown', 'city');

    let assignedEmployeeId: number | null | undefined;
    if (columns.repLogin !== undefined) {
      const login = cell('repLogin').toLowerCase();
      if (!login) assignedEmployeeId = null;
      else {
        const rep = repByLogin.get(login);
        if (!rep) return refuse(inactiveLogins.has(login) ? 'rep_inactive' : 'rep_unknown', 'repLogin');
        assignedEmployeeId = rep.employeeId;
      }
    }
    const street = [cell('street'), cell('houseNumber')].filter(Boolean).join(' ').toUpperCase();
    const values: ShopValues = {
      name,
      street1: columns.street === undefined && columns.houseNumber === undefined ? undefined : street || null,
      postalCode,
      cityId: city.id,
      customerName: columns.customerName === undefined ? undefined : cell('customerName') || null,
      ownerName: columns.ownerName === undefined ? undefined : cell('ownerName') || null,
      assignedEmployeeId,
    };

    const existing = byNumber.get(number);
    if (!existing) {
      const candidate = fieldShops.get(`${fold(name)}|${postalKey}`);
      return {
        row: { ...row, status: 'new', ...(candidate ? { mergeCandidate: { shopId: candidate.shopId, name: candidate.name } } : {}) },
        kind: 'new',
        number,
        values,
      };
    }
    const shown = (field: (typeof COMPARED)[number], v: ShopValues): string | null => {
      if (field === 'cityId') return cityNames.get(v.cityId) ?? null;
      if (field === 'assignedEmployeeId') return v.assignedEmployeeId == null ? null : (loginOfEmployee.get(v.assignedEmployeeId) ?? null);
      const value = v[field];
      return value === undefined || value === null ? null : String(value);
    };
    const changes = COMPARED.filter((field) => values[field] !== undefined && values[field] !== existing[field]).map((field) => ({
      field: field === 'cityId' ? 'city' : field === 'assignedEmployeeId' ? 'repLogin' : field,
      before: shown(field, existing),
      after: shown(field, values),
    }));
    if (!changes.length) return { row: { ...row, status: 'unchanged' }, kind: 'unchanged' };
    return { row: { ...row, status: 'changed', changes }, kind: 'changed', number, values, existing };
  };
  const planned: Planned[] = [];
  const pause = yieldEvery(500);
  for (const row of rows) {
    planned.push(classify(row));
    await pause();
  }
  return planned;
}

const CHUNK = 500;

/** Writes the new and changed rows; inside the caller's transaction. */
async function write(tx: Tx, planned: Planned[], userId: number | null) {
  const fresh = planned.filter((p): p is Extract<Planned, { kind: 'new' }> => p.kind === 'new');
  for (let at = 0; at < fresh.length; at += CHUNK) {
    const chunk = fresh.slice(at, at + CHUNK);
    // RETURNING gives the rows in the order of VALUES for a single multi-row INSERT in PostgreSQL.
    const addressIds = await tx
      .insert(addresses)
      .values(
        chunk.map((p) => ({
          street1: p.values.street1 ?? null,
          cityId: p.values.cityId,
          postalCode: p.values.postalCode,
          userCreatedId: userId,
        })),
      )
      .returning({ id: addresses.id });
    const contactIds = await tx
      .insert(contacts)
      .values(chunk.map((p, i) => ({ name: p.values.name, addressId: addressIds[i].id, userCreatedId: userId })))
      .returning({ id: contacts.id });
    const shopIds = await tx
      .insert(shops)
      .values(
        chunk.map((p, i) => ({
          name: p.values.name,
          externalNumber: p.number,
          customerName: p.values.customerName ?? null,
          ownerName: p.values.ownerName ?? null,
          assignedEmployeeId: p.values.assignedEmployeeId ?? null,
          contactId: contactIds[i].id,
          userCreatedId: userId,
        })),
      )
      .returning({ id: shops.id });
    chunk.forEach((p, i) => (p.row.shopId = shopIds[i].id));
  }
  for (const p of planned) {
    if (p.kind !== 'changed') continue;
    const { values, existing } = p;
    p.row.shopId = existing.shopId;
    await tx
      .update(shops)
      .set({
        name: values.name,
        ...(values.customerName !== undefined ? { customerName: values.customerName } : {}),
        ...(values.ownerName !== undefined ? { ownerName: values.ownerName } : {}),
        ...(values.assignedEmployeeId !== undefined ? { assignedEmployeeId: values.assignedEmployeeId } : {}),
      })
      .where(eq(shops.id, existing.shopId));
    if (existing.addressId !== null) {
      await tx
        .update(addresses)
        .set({ ...(values.street1 !== undefined ? { street1: values.street1 } : {}), postalCode: values.postalCode, cityId: values.cityId })
        .where(eq(addresses.id, existing.addressId));
      if (existing.contactId !== null) await tx.update(contacts).set({ name: values.name }).where(eq(contacts.id, existing.contactId));
    } else {
      const [address] = await tx
        .insert(addresses)
        .values({ street1: values.street1 ?? null, cityId: values.cityId, postalCode: values.postalCode, userCreatedId: userId })
        .returning({ id: addresses.id });
      const [contact] = await tx
        .insert(contacts)
        .values({ name: values.name, addressId: address.id, userCreatedId: userId })
        .returning({ id: contacts.id });
      await tx.update(shops).set({ contactId: contact.id }).where(eq(shops.id, existing.shopId));
    }
  }
}

export interface ShopImportInput {
  bytes: Buffer;
  fileName: string;
  mapping?: ShopImportMapping;
  dryRun: boolean;
  /** Who imports; null on the command line. */
  actorUserId: number | null;
}

/**
 * Reads, maps and classifies the file; with dryRun false also applies it, in one transaction with its log entry
 * (a refused row does not stop the others: it is reported and left out). A whole-file problem (not CSV/XLSX, empty,
 * unreadable, a mapping that misses a required column) throws its DomainError before anything is written.
 */
export async function importShops(db: Db, input: ShopImportInput): Promise<ImportReport> {
  // The file is read in a file-work process; a file or mapping that cannot be imported is refused before the database is
  // asked anything.
  const table = await readFileTable(input.bytes, true);
  const { columns, used } = resolveMapping(table.header, input.mapping ?? {});
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const report = (planned: Planned[], applied: boolean): ImportReport => {
    const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
    for (const p of planned) counts[p.kind]++;
    return { fileName: input.fileName, sha256, applied, counts, mapping: used, rows: planned.map((p) => p.row) };
  };
  if (input.dryRun) return report(await plan(db, table.rows, columns), false);
  return db.transaction(async (tx) => {
    // Planned again inside the transaction, so what is written matches the database it is written to.
    const planned = await plan(tx, table.rows, columns);
    await write(tx, planned, input.actorUserId);
    const result = report(planned, true);
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'shop.import',
      entity: 'import',
      entityId: null,
      before: null,
      after: {
        fileName: input.fileName,
        sha256,
        // The columns as used (field → title): the next file's first step starts from them (shopImportColumns).
        mapping: used,
        counts: result.counts,
        // The rows that changed something, and the refused ones with their reason: the run can be read back from here.
        rows: result.rows.filter((r) => r.status !== 'unchanged'),
      },
    });
    return result;
  });
}

/**
 * The first step of an import: the file's columns and the mapping to start from. For each field, the column the
 * last applied import used when this file has one of that title (an ERP exports the same titles every time), else
 * the column of the field's default title, else none.
 */
export async function shopImportColumns(db: Db, bytes: Buffer): Promise<ImportColumns> {
  const { header, rowCount } = await readFileTable(bytes, false);
  // Only the mapping of the entry: its rows may be thousands.
  const [last] = await db
    .select({ mapping: sql<Record<string, unknown> | null>`${auditLog.after} -> 'mapping'` })
    .from(auditLog)
    .where(eq(auditLog.action, 'shop.import'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  // An entry written before the mapping was kept has none: the defaults then.
  const lastUsed = last?.mapping ?? {};
  const index = columnIndex(header);
  const mapping: ShopImportMapping = {};
  for (const field of SHOP_IMPORT_FIELDS) {
    const at = [lastUsed[field], DEFAULT_SHOP_COLUMNS[field]]
      .filter((title): title is string => typeof title === 'string')
      .map((title) => index.get(fold(title)))
      .find((i) => i !== undefined);
    if (at !== undefined) mapping[field] = header[at];
  }
  return { columns: header, rowCount, mapping };
}
