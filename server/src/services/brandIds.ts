// A visit may name a brand that was merged since the rep's device loaded its lists (a visit sent later from the
// outbox): the id is saved as the brand it was merged into, so nothing typed offline is lost (decision 029). A merge
// points every entry merged into the source at the target too (admin/brands.ts), so one step always reaches an
// entry that was not merged. A deactivated id is kept as it is.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { resultRows } from '../db/rows.js';
import { brands, competitorBrands } from '../db/schema.js';

const TABLES = { brands, competitorBrands };

/**
 * The rule itself, as a query (`id`, `to_id`) a statement can take as it is: each of `ids` with the id to save it
 * under, its rows locked for share. The visit's one statement (prospections.ts) embeds it; currentIds runs it.
 */
export function currentIdsQuery(kind: keyof typeof TABLES, ids: number[]): SQL {
  const table = TABLES[kind];
  const list = sql`${`{${[...new Set(ids)].join(',')}}`}::int[]`;
  return sql`select ${table.id} as id, coalesce(${table.mergedIntoId}, ${table.id}) as to_id from ${table} where ${table.id} = any(${list}) for share`;
}

/**
 * Each id and the id to save it under. Takes a share lock on the rows, inside the caller's transaction: a
 * merge of one of them (which updates the row first) waits for this visit, or this visit waits for the merge and
 * then reads its outcome. Unknown ids map to themselves (the foreign key refuses them as before).
 */
export async function currentIds(tx: Db | Tx, kind: keyof typeof TABLES, ids: number[]): Promise<Map<number, number>> {
  const map = new Map(ids.map((id) => [id, id]));
  if (!ids.length) return map;
  const rows = resultRows<{ id: number; to_id: number }>(await tx.execute(currentIdsQuery(kind, ids)));
  for (const r of rows) map.set(Number(r.id), Number(r.to_id));
  return map;
}

/**
 * Items moved to their current ids, one per id: when a visit names a merged entry and the one it went into,
 * the latter's item stays.
 */
export function toCurrentIds<T>(items: T[], idOf: (item: T) => number, map: Map<number, number>, withId: (item: T, id: number) => T): T[] {
  const kept = new Map<number, T>();
  for (const item of items) {
    const id = idOf(item);
    const to = map.get(id) ?? id;
    if (!kept.has(to) || id === to) kept.set(to, withId(item, to));
  }
  return [...kept.values()];
}
