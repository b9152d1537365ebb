// A visit may name a brand that was merged since the rep's device loaded its lists (a visit sent later from the
// outbox): the id is saved as the brand it was merged into, so nothing typed offline is lost (issue 21). A merge
// points every entry merged into the source at the target too (admin/brands.ts), so one step always reaches an
// entry that was not merged. A deactivated id is kept as it is.
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { brands, competitorBrands } from '../db/schema.js';

const TABLES = { brands, competitorBrands };

/**
 * Each id and the id to save it under. Takes a share lock on the rows, inside the caller's transaction: a
 * merge of one of them (which updates the row first) waits for this visit, or this visit waits for the merge and
 * then reads its outcome. Unknown ids map to themselves (the foreign key refuses them as before).
 */
export async function currentIds(tx: Tx, kind: keyof typeof TABLES, ids: number[]): Promise<Map<number, number>> {
  const map = new Map(ids.map((id) => [id, id]));
  if (!ids.length) return map;
  const table = TABLES[kind];
  const rows = await tx
    .select({ id: table.id, to: sql<number>`coalesce(${table.mergedIntoId}, ${table.id})` })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]))
    .for('share');
  for (const r of rows) map.set(r.id, Number(r.to));
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
