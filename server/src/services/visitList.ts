// A shop's visit list, the shop page's hottest read: batched, and written as JSON by the database.
import { sql } from 'drizzle-orm';
import { batchedReads } from '../db/batchedReads.js';
import type { Db } from '../db/client.js';
import { employees, prospections, shops, visitTypes } from '../db/schema.js';

/** Visit-list statements running at once (see below). */
const MAX_VISIT_LIST_STATEMENTS = 2;

/**
 * A shop's visits, newest first (all, or the first `limit`), as the JSON text of the response, or null when there
 * is no such shop. The visit list is the shop page's hottest read (docs/decisions/019-visit-list-read.md), so:
 * - PostgreSQL builds the JSON: Node neither parses rows nor serialises them;
 * - the lists asked for together come from one statement (DataLoader): under load one round trip to the database
 *   serves many requests, and alone a request waits no longer than the current turn of the event loop;
 * - the visit types and visitors are joined once per batch, not once per shop.
 */
export function prepareListShopProspectionsJson(db: Db) {
  // One row per shop asked for, in the order asked: its visits (at most `lim`; null is all) joined to their type and
  // visitor once for the whole batch. employeeName() in SQL: first name and name, the empty ones left out.
  const list = db
    .select({
      json: sql<string | null>`case when exists (select 1 from ${shops} sh where sh.id = s.shop_id) then
        coalesce(json_agg(json_build_object('id', v.id, 'visitDate', v.visit_date, 'visitTypeId', v.visit_type_id,
          'visitTypeName', t.name, 'employeeId', v.employee_id, 'employeeName', concat_ws(' ', nullif(e.first_name, ''), nullif(e.name, '')))
          order by v.visit_date desc, v.id desc) filter (where v.id is not null), '[]')::text end`,
    })
    .from(
      sql`unnest(${sql.placeholder('shopIds')}::int[], ${sql.placeholder('limits')}::int[]) with ordinality as s(shop_id, lim, n)
        left join lateral (select p.id, p.visit_date, p.visit_type_id, p.employee_id from ${prospections} p
          where p.shop_id = s.shop_id order by p.visit_date desc, p.id desc limit s.lim) v on true
        left join ${visitTypes} t on t.id = v.visit_type_id
        left join ${employees} e on e.id = v.employee_id`,
    )
    .groupBy(sql`s.n, s.shop_id`)
    .orderBy(sql`s.n`)
    .prepare('shop_prospections_json');
  type Ask = { shopId: number; limit: number | null };
  // At most two statements at a time: lists asked for meanwhile wait and go together in the next one.
  const load = batchedReads(async (asks: readonly Ask[]) => {
    const rows = await list.execute({ shopIds: asks.map((a) => a.shopId), limits: asks.map((a) => a.limit) });
    return rows.map((r) => r.json);
  }, MAX_VISIT_LIST_STATEMENTS);
  return (shopId: number, limit?: number) => load({ shopId, limit: limit ?? null });
}
