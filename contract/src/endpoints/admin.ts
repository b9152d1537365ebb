// The administration (/beheer): people, FC70 brands and competitor brands, the log, the imports of shops and cities,
// and merging a field shop into an imported one. Every endpoint here is for the beheerder only.
import { z } from 'zod';
import { endpoint, type Address } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS, FILE_WORK_ERRORS, IMPORT_FILE_ERRORS } from '../errors';
import {
  adminBrand,
  adminBrandCreate,
  adminBrandMerge,
  adminBrandUpdate,
  adminPeopleQuery,
  adminPerson,
  adminPersonCreate,
  adminPersonUpdate,
  auditPage,
  auditQuery,
  cityImportQuery,
  id,
  idParam,
  importColumns as importColumnsSchema,
  importColumnsQuery,
  importReport,
  shopImportQuery,
  shopMerge,
  shopMergeCandidate,
  shopMergeResult,
  season,
  seasonInput,
} from '../index';

/** The largest import file: 20,000 shops as XLSX are some 2 MB, as CSV some 3 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const adminPeople = endpoint({
  ...address.adminPeople,
  tags: ['admin'],
  query: adminPeopleQuery,
  responses: { 200: z.array(adminPerson) },
  roles: ['beheerder'],
});

export const createPerson = endpoint({
  ...address.createPerson,
  tags: ['admin'],
  body: adminPersonCreate,
  responses: { 201: adminPerson },
  errors: ['login_taken'],
  roles: ['beheerder'],
});

export const updatePerson = endpoint({
  ...address.updatePerson,
  tags: ['admin'],
  params: z.object({ userId: id }),
  body: adminPersonUpdate,
  responses: { 200: adminPerson },
  errors: ['user_not_found', 'employee_not_found', 'login_taken', 'cannot_deactivate_self'],
  roles: ['beheerder'],
});

// FC70 brands and competitor brands are administered alike: the same four endpoints for each kind.

const brandList = <const A extends Address>(at: A) =>
  endpoint({ ...at, tags: ['admin'], responses: { 200: z.array(adminBrand) }, roles: ['beheerder'] });

const brandCreate = <const A extends Address>(at: A) =>
  endpoint({
    ...at,
    tags: ['admin'],
    body: adminBrandCreate,
    responses: { 201: adminBrand },
    errors: ['brand_name_taken'],
    roles: ['beheerder'],
  });

const brandUpdate = <const A extends Address>(at: A) =>
  endpoint({
    ...at,
    tags: ['admin'],
    params: idParam,
    body: adminBrandUpdate,
    responses: { 200: adminBrand },
    errors: ['brand_not_found', 'brand_name_taken'],
    roles: ['beheerder'],
  });

const brandMerge = <const A extends Address>(at: A) =>
  endpoint({
    ...at,
    tags: ['admin'],
    params: idParam,
    body: adminBrandMerge,
    responses: { 200: adminBrand },
    errors: ['brand_not_found', 'merge_into_itself', 'merge_into_inactive'],
    roles: ['beheerder'],
  });

export const adminBrands = brandList(address.adminBrands);
export const createBrand = brandCreate(address.createBrand);
export const updateBrand = brandUpdate(address.updateBrand);
export const mergeBrand = brandMerge(address.mergeBrand);

export const adminCompetitorBrands = brandList(address.adminCompetitorBrands);
export const createCompetitorBrand = brandCreate(address.createCompetitorBrand);
export const updateCompetitorBrand = brandUpdate(address.updateCompetitorBrand);
export const mergeCompetitorBrand = brandMerge(address.mergeCompetitorBrand);

export const mergeShop = endpoint({
  ...address.mergeShop,
  tags: ['admin'],
  description:
    'Merges a shop a rep made in the field (no customer number) into another, typically the imported shop the import ' +
    'report offered it as a mergeCandidate for: its visits and appointments move, the shop goes; one log entry.',
  params: idParam,
  body: shopMerge,
  responses: { 200: shopMergeResult },
  errors: ['shop_not_found', 'merge_into_itself', 'shop_merge_not_field'],
  roles: ['beheerder'],
});

export const shopMergeCandidates = endpoint({
  ...address.shopMergeCandidates,
  tags: ['admin'],
  description:
    'The imported shops a shop made in the field may be a duplicate of (the same name and postal code, as the shop ' +
    'import finds them), to merge it into; none for a shop with a customer number.',
  params: idParam,
  responses: { 200: z.array(shopMergeCandidate) },
  errors: ['shop_not_found'],
  roles: ['beheerder'],
});

export const auditLog = endpoint({
  ...address.auditLog,
  tags: ['admin'],
  query: auditQuery,
  responses: { 200: auditPage },
  roles: ['beheerder'],
});

// The imports take the file itself as the body (not multipart: one file, its name and options in the query), read in
// a file-work process; the server accepts it only on these three.

export const importColumns = endpoint({
  ...address.importColumns,
  tags: ['admin'],
  description:
    'The first step of a shop import: the columns of the file sent as the body (as for /imports/shops), its number ' +
    'of rows, and the mapping to start from (the columns the last applied import used, else the default titles).',
  query: importColumnsQuery,
  responses: { 200: importColumnsSchema },
  errors: [...IMPORT_FILE_ERRORS, ...FILE_WORK_ERRORS],
  roles: ['beheerder'],
  bodyLimit: IMPORT_MAX_BYTES,
  heavy: true,
});

export const importCities = endpoint({
  ...address.importCities,
  tags: ['admin'],
  description:
    "Imports a country's cities and postal codes from a CSV or XLSX file sent as the body (as for /imports/shops) " +
    'with the columns postcode and gemeente. The country (by name) is made when new; a city already there is left ' +
    'alone. dryRun=true (the default) only classifies the rows; dryRun=false applies them with one log entry.',
  query: cityImportQuery,
  responses: { 200: importReport },
  // CONSTRAINT_ERRORS: two runs that make the same new country at once; the later one writes nothing.
  errors: [...IMPORT_FILE_ERRORS, ...FILE_WORK_ERRORS, 'import_mapping_incomplete', ...CONSTRAINT_ERRORS],
  roles: ['beheerder'],
  bodyLimit: IMPORT_MAX_BYTES,
  heavy: true,
});

export const importShops = endpoint({
  ...address.importShops,
  tags: ['admin'],
  description:
    'Imports shops from a CSV or XLSX file sent as the body (application/octet-stream, text/csv or the XLSX type; at most 10 MB). ' +
    'dryRun=true (the default) only classifies the rows; dryRun=false applies them in one transaction, upserting by the ' +
    'customer number, with one log entry. mapping: JSON of field → column name; a field left out uses its default column.',
  query: shopImportQuery,
  responses: { 200: importReport },
  // CONSTRAINT_ERRORS: two runs applied at once on PostgreSQL; the later one meets the earlier's customer numbers
  // (already_exists) and writes nothing.
  errors: [...IMPORT_FILE_ERRORS, ...FILE_WORK_ERRORS, 'import_mapping_invalid', 'import_mapping_incomplete', ...CONSTRAINT_ERRORS],
  roles: ['beheerder'],
  bodyLimit: IMPORT_MAX_BYTES,
  heavy: true,
});

// Seasons (decision 068): kept by the beheerder; read by everyone (GET /seasons, ./reference.ts).
export const createSeason = endpoint({
  ...address.createSeason,
  tags: ['admin'],
  body: seasonInput,
  responses: { 201: season },
  errors: ['season_name_taken', 'brand_not_found', ...CONSTRAINT_ERRORS],
  roles: ['beheerder'],
});
export const updateSeason = endpoint({
  ...address.updateSeason,
  tags: ['admin'],
  params: idParam,
  body: seasonInput,
  responses: { 200: season },
  errors: ['season_not_found', 'season_name_taken', 'brand_not_found', ...CONSTRAINT_ERRORS],
  roles: ['beheerder'],
});
export const deleteSeason = endpoint({
  ...address.deleteSeason,
  tags: ['admin'],
  params: idParam,
  responses: { 204: z.undefined().describe('removed') },
  errors: ['season_not_found'],
  roles: ['beheerder'],
});
