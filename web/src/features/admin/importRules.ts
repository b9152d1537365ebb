// The import pages' rules, apart from their screens: which file may be sent, which fields still lack a column,
// the mapping as the server reads it, and which rows a filter shows.
import {
  REQUIRED_SHOP_IMPORT_FIELDS,
  SHOP_IMPORT_FIELDS,
  type ImportReport,
  type ImportRow,
  type ShopImportField,
  type ShopImportMapping,
} from '@prospectie/contract';
import { nlAdmin } from '../../i18n/nlAdmin';
import { apiErrors } from '../../i18n/nlErrors';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';

const t = nlAdmin.imports;

/** The server's limit (IMPORT_MAX_BYTES in contract/src/endpoints/admin.ts, not imported: it would bring zod into this chunk). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers; the server reads the content, not the name, but another file is refused here at once. */
export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How many rows a list shows at first, and how many more each 'meer tonen' adds: 20,000 rows at once freeze a phone. */
export const ROWS_PER_PAGE = 200;

/** Why a chosen file is not sent, or null when it may be. */
export function importFileProblem(file: File | null): string | null {
  if (!file) return t.noFile;
  if (!/\.(csv|xlsx)$/i.test(file.name)) return apiErrors.import_file_type;
  if (file.size > IMPORT_MAX_BYTES) return t.tooLarge;
  return null;
}

/** A refused file in Dutch; one over the size limit is a file too large, not the general 'verzoek te groot'. */
export function importErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'body_too_large' || error.status === 413)) return t.tooLarge;
  return apiErrorText(error);
}

export type MappingChoice = Partial<Record<ShopImportField, string>>;

export const isRequired = (field: ShopImportField) => (REQUIRED_SHOP_IMPORT_FIELDS as readonly ShopImportField[]).includes(field);

/** The required fields without a column, in the form's order. */
export function missingRequired(mapping: MappingChoice): ShopImportField[] {
  return SHOP_IMPORT_FIELDS.filter((field) => isRequired(field) && !mapping[field]);
}

/** The mapping to start from: the server's suggestion, kept to the columns the file has. */
export function initialMapping(columns: string[], suggested: ShopImportMapping): MappingChoice {
  return Object.fromEntries(
    SHOP_IMPORT_FIELDS.flatMap((field) => {
      const column = suggested[field];
      return column && columns.includes(column) ? [[field, column]] : [];
    }),
  );
}

/** The mapping as the query parameter carries it: JSON of every field, null for one without a column. */
export function mappingParam(mapping: MappingChoice): string {
  // A field without a column is sent as null, so the server does not fall back to a column of its default name.
  return JSON.stringify(Object.fromEntries(SHOP_IMPORT_FIELDS.map((field) => [field, mapping[field] || null])));
}

export type RowFilter = ImportRow['status'] | 'all';
export const ROW_FILTERS: RowFilter[] = ['all', 'new', 'changed', 'unchanged', 'refused'];

/** The rows a filter shows, in the file's order. */
export function filterRows(rows: ImportRow[], filter: RowFilter): ImportRow[] {
  return filter === 'all' ? rows : rows.filter((row) => row.status === filter);
}

/** How many rows each filter holds (counted from the rows: the log's copy of a run leaves the unchanged ones out). */
export function countRows(rows: ImportRow[]): Record<RowFilter, number> {
  const counts: Record<RowFilter, number> = { all: rows.length, new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/** Whether applying would write anything: new or changed rows. */
export const writesSomething = (counts: ImportReport['counts']) => counts.new + counts.changed > 0;
