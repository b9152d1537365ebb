// Raw SQL's answers and refusals, whichever driver: node-postgres and PGlite both answer db.execute with `rows`, and
// Drizzle wraps their errors in its own.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { PLANNED_PER_CALL } from './driverShared.js';

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

/**
 * rowsOf for a read whose best plan depends on its values (a period, a filter, a rep): PostgreSQL plans it for them on
 * every call instead of keeping it as a prepared statement, whose generic plan after five calls guesses a third of the
 * table for a range and sizes its hashes and joins by that (docs/decisions/090-analytical-reads-planned-per-call.md).
 * For reads that run for tens of milliseconds or more: the plan costs a millisecond or two.
 */
export const plannedRowsOf = <T = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> =>
  rowsOf<T>(db, sql`${sql.raw(PLANNED_PER_CALL)} ${query}`);

/** The violated constraint's name of a PostgreSQL error, also when wrapped by Drizzle. */
export function constraintOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 3; depth++, e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
