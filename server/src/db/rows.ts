// Raw SQL's answers and refusals, whichever driver: node-postgres and PGlite both answer db.execute with `rows`, and
// Drizzle wraps their errors in its own.
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** The rows of an answer of db.execute, typed as the query's select names them. */
export const resultRows = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many rows a raw update or delete changed (node-postgres says rowCount, PGlite affectedRows). */
export function changedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}

/** Runs a raw query and gives its rows. */
export async function rowsOf<T = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** The violated constraint's name of a PostgreSQL error, also when wrapped by Drizzle. */
export function constraintOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 3; depth++, e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
