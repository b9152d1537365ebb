// The shop import of the administration (decision 030): a file from the ERP (CSV or XLSX), a mapping of its columns,
// and the report of a dry run or an applied run. Every refused row carries a reason code; the web's Dutch for it is
// in web/src/i18n/nlAdmin.ts (importRefusals).
import { z } from 'zod';
import { id } from './ids';
import { TEXT_LIMITS } from './limits';

/**
 * What an import file (shops, cities) may hold, each refused with its own code: rows read (empty ones too)
 * import_too_many_rows, a filled column past the last import_too_many_columns, a cell's characters
 * import_cell_too_long, the bytes an XLSX unpacks to import_file_too_large. The ERP's 20,000 shops pass with room.
 */
export const IMPORT_FILE_LIMITS = { rows: 100_000, columns: 200, cellLength: 2_000, unpackedBytes: 100 * 1024 * 1024 } as const;

/** The fields a file's columns may fill. */
export const SHOP_IMPORT_FIELDS = [
  'externalNumber',
  'name',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'country',
  'customerName',
  'ownerName',
  'repLogin',
  /** The FC70 brands the shop is a customer of, separated by ';' or ',' (decision 066). */
  'brands',
  /** Where the shop is, in decimal degrees (WGS 84), a point or a comma before the decimals (decision 071). */
  'latitude',
  'longitude',
] as const;
export type ShopImportField = (typeof SHOP_IMPORT_FIELDS)[number];
/** Without these a row cannot become a shop: the mapping must name a column for each. */
export const REQUIRED_SHOP_IMPORT_FIELDS = ['externalNumber', 'name', 'postalCode', 'city'] as const satisfies readonly ShopImportField[];

/** The column names a file needs no mapping for (compared without case, accents and extra spaces; docs/operations.md). */
export const DEFAULT_SHOP_COLUMNS: Record<ShopImportField, string> = {
  externalNumber: 'klantnummer',
  name: 'naam',
  street: 'straat',
  houseNumber: 'huisnummer',
  postalCode: 'postcode',
  city: 'gemeente',
  country: 'land',
  customerName: 'klant',
  ownerName: 'eigenaar',
  repLogin: 'vertegenwoordiger',
  brands: 'merken',
  latitude: 'breedtegraad',
  longitude: 'lengtegraad',
};

/**
 * field → the file's column name; a field left out falls back to its default column, when the file has it; null: no
 * column for this field, even when the file has one of the default name (a required field cannot be null).
 */
export const shopImportMapping = z.partialRecord(z.enum(SHOP_IMPORT_FIELDS), z.string().trim().min(1).max(100).nullable());
export type ShopImportMapping = z.infer<typeof shopImportMapping>;

/** Why a row is refused. */
export const IMPORT_REFUSALS = [
  'number_missing',
  'number_duplicate',
  'name_missing',
  'postal_code_missing',
  'city_missing',
  'country_unknown',
  'city_unknown',
  'rep_unknown',
  /** The login is a rep's whose account is deactivated. */
  'rep_inactive',
  'value_too_long',
  /** A name in the brands column that is no FC70 brand. */
  'brand_unknown',
  /** A latitude or longitude that is no number in its range, or one of the two without the other. */
  'coordinates_invalid',
  /** Latitude and longitude the wrong way round for a shop in Belgium, the Netherlands, Luxembourg or France. */
  'coordinates_swapped',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

export const importRowStatus = z.enum(['new', 'changed', 'unchanged', 'refused']);
export const importRow = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  externalNumber: z.string().nullable(),
  name: z.string().nullable(),
  status: importRowStatus,
  reason: z.enum(IMPORT_REFUSALS).optional(),
  /** The field of the refusal, when there is one. */
  field: z.enum(SHOP_IMPORT_FIELDS).optional(),
  /** For a changed row: what changes. */
  changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })).optional(),
  /** A new row that matches a shop a rep made in the field (name and postal code): offered for merging later. */
  mergeCandidate: z.object({ shopId: z.number().int(), name: z.string() }).optional(),
  /** For a new or changed row of an applied run: the shop it made or changed (a merge candidate merges into it). */
  shopId: z.number().int().optional(),
});
export type ImportRow = z.infer<typeof importRow>;
export const importReport = z.object({
  fileName: z.string(),
  sha256: z.string(),
  applied: z.boolean(),
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
  /** The mapping as used: field → column. */
  mapping: z.record(z.string(), z.string()),
  rows: z.array(importRow),
});
export type ImportReport = z.infer<typeof importReport>;

export const shopImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
  fileName: z.string().trim().min(1).max(200),
  /** The mapping as JSON (shopImportMapping), e.g. {"externalNumber":"Klantnr"}. */
  mapping: z.string().max(4000).optional(),
});

/** The first step of an import: the file's columns, so the administrator can map them before the dry run. */
export const importColumns = z.object({
  /** The file's column titles, in the file's order. */
  columns: z.array(z.string()),
  /** Rows under the header. */
  rowCount: z.number().int(),
  /**
   * The mapping to start from: for each field, the column the last applied shop import used when this file has it,
   * else the column with the field's default name, else none.
   */
  mapping: shopImportMapping,
});
export type ImportColumns = z.infer<typeof importColumns>;
export const importColumnsQuery = z.object({ fileName: z.string().trim().min(1).max(200) });

/** A country's cities and postal codes (Landen en steden): the country by name, made when new. */
export const cityImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
  fileName: z.string().trim().min(1).max(200),
  country: z.string().trim().min(1).max(TEXT_LIMITS.name),
});

/** Merging a shop a rep made in the field into the imported one it matches: its visits and appointments move. */
export const shopMerge = z.object({ intoId: id });
export const shopMergeResult = z.object({
  /** The shop that remains. */
  shopId: z.number().int(),
  movedVisits: z.number().int(),
  movedAppointments: z.number().int(),
});
export type ShopMergeResult = z.infer<typeof shopMergeResult>;
/** An imported shop a field shop may be a duplicate of: the same name and postal code (case, accents, spaces aside). */
export const shopMergeCandidate = z.object({ shopId: z.number().int(), name: z.string(), externalNumber: z.string() });
export type ShopMergeCandidate = z.infer<typeof shopMergeCandidate>;
