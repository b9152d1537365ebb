// The shop import's classification (docs/decisions/065-shop-import-reading-and-rules.md): the file's columns mapped to
// the shop's fields, and every row compared with the database as it is (new, changed, unchanged, refused), with the
// values to write. Nothing here writes: shops.ts applies what plan returns.
import { setImmediate } from 'node:timers/promises';
import { asc, eq, gt, sql } from 'drizzle-orm';
import {
  DEFAULT_SHOP_COLUMNS,
  REQUIRED_SHOP_IMPORT_FIELDS,
  SHOP_IMPORT_FIELDS,
  type ImportRefusal,
  type ImportRow,
  type ShopImportField,
  type ShopImportMapping,
} from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { addresses, brands, cities, contacts, countries, employees, shops, users } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { DomainError } from '../../errors.js';
import { giveWay } from '../../workers/cooperation.js';
import { yieldEvery } from './fileTable.js';
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
export const columnIndex = (header: string[]) => new Map(header.map((title, i) => [fold(title), i] as const));

/** The mapping in effect: field → column index in the file. */
export function resolveMapping(
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
  /** The FC70 brands the shop becomes a customer of (decision 066); undefined: no brands column. */
  customerOf?: number[];
  /** Where the shop is (decision 071); undefined: no such columns, or both cells empty, so the shop keeps its place. */
  coordinates?: Coordinates;
}

interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Belgium, the Netherlands, Luxembourg and France, roughly: a pair that lands there only when swapped was swapped. */
const HOME_REGION = { latitude: [41, 54], longitude: [-5.5, 9.6] } as const;
const inHomeRegion = (c: Coordinates) =>
  c.latitude >= HOME_REGION.latitude[0] &&
  c.latitude <= HOME_REGION.latitude[1] &&
  c.longitude >= HOME_REGION.longitude[0] &&
  c.longitude <= HOME_REGION.longitude[1];

/** A decimal degree as an ERP or a spreadsheet writes it ('51.0543', '51,0543', ' 3.7174 '); NaN otherwise. */
const degrees = (text: string) => (/^-?\d{1,3}([.,]\d+)?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : NaN);

/** The row's coordinates: undefined when both cells are empty; a refusal when they are not a place or swapped. */
export function readCoordinates(
  latitudeText: string,
  longitudeText: string,
): Coordinates | undefined | 'coordinates_invalid' | 'coordinates_swapped' {
  if (!latitudeText.trim() && !longitudeText.trim()) return undefined;
  const c = { latitude: degrees(latitudeText), longitude: degrees(longitudeText) };
  if (!(Math.abs(c.latitude) <= 90) || !(Math.abs(c.longitude) <= 180)) return 'coordinates_invalid';
  if (!inHomeRegion(c) && inHomeRegion({ latitude: c.longitude, longitude: c.latitude })) return 'coordinates_swapped';
  return c;
}

const sameCoordinates = (a: Coordinates | undefined | null, b: Coordinates | undefined | null) =>
  !!a && !!b && Math.abs(a.latitude - b.latitude) < 1e-7 && Math.abs(a.longitude - b.longitude) < 1e-7;
const shownCoordinates = (c: Coordinates | null) => (c ? `${c.latitude}, ${c.longitude}` : null);

interface Existing extends ShopValues {
  shopId: number;
  customerName: string | null;
  ownerName: string | null;
  contactId: number | null;
  addressId: number | null;
  cityName: string | null;
  repLogin: string | null;
  assignedEmployeeId: number | null;
  place: Coordinates | null;
}

export type Planned =
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
  // An FC70 brand by its name; a merged one stands for the brand it went into.
  const brandRows = await tx.select({ id: brands.id, name: brands.name, mergedIntoId: brands.mergedIntoId }).from(brands);
  const brandByName = new Map(brandRows.map((b) => [fold(b.name), b.mergedIntoId ?? b.id] as const));
  const brandName = new Map(brandRows.map((b) => [b.id, b.name] as const));
  // Which shops are a customer of which brand already: a file that says so again changes nothing.
  const customers = new Set(
    (await rowsOf<{ key: string }>(tx, sql`select shop_id || '|' || brand_id as key from pipeline_statuses where status = 'customer'`)).map(
      (r) => r.key,
    ),
  );
  return { countryByName, cityByKey, citiesByPostal, repByLogin, inactiveLogins, loginOfEmployee, brandByName, brandName, customers };
}

/** The shops read per query: 20,000 at once held the event loop some 70 ms while the driver's rows were mapped. */
const EXISTING_PAGE = 2_000;

async function existingShops(tx: Db | Tx, loginOfEmployee: Map<number, string>) {
  const byNumber = new Map<string, Existing>();
  const fieldShops = new Map<string, { shopId: number; name: string }>();
  for (let after = 0; ;) {
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
        latitude: shops.latitude,
        longitude: shops.longitude,
      })
      .from(shops)
      .leftJoin(contacts, eq(contacts.id, shops.contactId))
      .leftJoin(addresses, eq(addresses.id, contacts.addressId))
      .leftJoin(cities, eq(cities.id, addresses.cityId))
      .where(gt(shops.id, after))
      .orderBy(asc(shops.id))
      .limit(EXISTING_PAGE);
    for (const r of rows) {
      if (r.number !== null) {
        const { latitude, longitude, ...rest } = r;
        byNumber.set(r.number, {
          ...rest,
          place: latitude !== null && longitude !== null ? { latitude, longitude } : null,
          postalCode: r.postalCode ?? '',
          cityId: r.cityId ?? 0,
          repLogin: r.assignedEmployeeId === null ? null : (loginOfEmployee.get(r.assignedEmployeeId) ?? null),
        });
      } else if (r.postalCode) {
        fieldShops.set(`${fold(r.name)}|${fold(r.postalCode).replace(/ /g, '')}`, { shopId: r.shopId, name: r.name });
      }
    }
    if (rows.length < EXISTING_PAGE) return { byNumber, fieldShops };
    after = rows[rows.length - 1].shopId;
    giveWay();
    await setImmediate();
  }
}

const COMPARED = ['name', 'street1', 'postalCode', 'cityId', 'customerName', 'ownerName', 'assignedEmployeeId'] as const;

/** Classifies every data row of the file against the database as it is in `tx`. */
export async function plan(tx: Db | Tx, rows: Row[], columns: Partial<Record<ShopImportField, number>>): Promise<Planned[]> {
  const { countryByName, cityByKey, citiesByPostal, repByLogin, inactiveLogins, loginOfEmployee, brandByName, brandName, customers } =
    await lookups(tx);
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
    let customerOf: number[] | undefined;
    if (columns.brands !== undefined) {
      customerOf = [];
      for (const name of cell('brands')
        .split(/[;,]/)
        .map((n) => n.trim())
        .filter(Boolean)) {
        const brandId = brandByName.get(fold(name));
        if (brandId === undefined) return refuse('brand_unknown', 'brands');
        if (!customerOf.includes(brandId)) customerOf.push(brandId);
      }
    }
    let coordinates: Coordinates | undefined;
    if (columns.latitude !== undefined || columns.longitude !== undefined) {
      const read = readCoordinates(cell('latitude'), cell('longitude'));
      if (typeof read === 'string') return refuse(read, cell('latitude').trim() ? 'latitude' : 'longitude');
      coordinates = read;
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
      customerOf,
      coordinates,
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
    // Only the brands the shop is not a customer of yet: those the file adds.
    values.customerOf = customerOf?.filter((brandId) => !customers.has(`${existing.shopId}|${brandId}`));
    if (values.customerOf?.length)
      changes.push({ field: 'brands', before: null, after: values.customerOf.map((id) => brandName.get(id)!).join(', ') });
    if (values.coordinates && !sameCoordinates(values.coordinates, existing.place))
      changes.push({ field: 'coordinates', before: shownCoordinates(existing.place), after: shownCoordinates(values.coordinates) });
    else values.coordinates = undefined;
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
