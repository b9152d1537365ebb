// The replay (docs/decisions/066-pipeline-per-shop-and-brand.md): every shop's statuses worked out again from its
// visits, oldest first, with the statuses reps (and the import) set on their days. The derivation is the visit's save's
// own (derive.ts), so the replay gives what sending the visits one by one gives. Run once after the migration that made
// the tables (runDataSteps), and by `npm run pipeline:replay`. The history of derived changes is written anew; what a
// rep or the import set stays as it was, and so do the next steps planned.
import { sql } from 'drizzle-orm';
import type { NotInterestedReason } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { replayShop, type PipelineStatus, type ShopEvent } from './derive.js';

/** Shops worked out per round: their visits and statuses fit a statement of a few MB. */
const SHOPS_PER_PAGE = 1_000;

interface VisitRow {
  id: number;
  shop_id: number;
  employee_id: number;
  visit_date: string;
  carried: number[];
  interests: number[];
  terminated: number[];
}

interface ExplicitRow {
  shop_id: number;
  brand_id: number;
  to_status: PipelineStatus;
  on: string;
  reason: NotInterestedReason | null;
  reason_text: string | null;
}

const groupBy = <T extends { shop_id: number }>(rows: T[]) => {
  const by = new Map<number, T[]>();
  for (const row of rows) {
    const list = by.get(row.shop_id);
    if (list) list.push(row);
    else by.set(row.shop_id, [row]);
  }
  return by;
};

/** Replays the shops named, or every shop; answers how many shops and visits it took. */
export async function replayPipeline(
  db: Db | Tx,
  options: { shopIds?: readonly number[] } = {},
): Promise<{ shops: number; visits: number }> {
  const fc70 = (await rowsOf<{ id: number }>(db, sql`select id from brands where active and merged_into_id is null order by id`)).map(
    (r) => r.id,
  );
  let shops = 0;
  let visits = 0;
  for (let after = 0; ;) {
    const page = (
      await rowsOf<{ id: number }>(
        db,
        options.shopIds
          ? sql`select id from shops where id = any(${`{${options.shopIds.join(',')}}`}::int[]) and id > ${after}::int order by id limit ${SHOPS_PER_PAGE}`
          : sql`select id from shops where id > ${after}::int order by id limit ${SHOPS_PER_PAGE}`,
      )
    ).map((r) => r.id);
    if (!page.length) break;
    const ids = sql`${`{${page.join(',')}}`}::int[]`;
    const visitRows = await rowsOf<VisitRow>(
      db,
      sql`select p.id, p.shop_id, p.employee_id, p.visit_date::text as visit_date,
            array(select brand_id from prospection_brands where prospection_id = p.id) as carried,
            array(select brand_id from prospection_brand_interests where prospection_id = p.id) as interests,
            array(select brand_id from prospection_terminated_brands where prospection_id = p.id) as terminated
          from prospections p where p.shop_id = any(${ids}) order by p.shop_id, p.visit_date, p.id`,
    );
    const explicitRows = await rowsOf<ExplicitRow>(
      db,
      sql`select shop_id, brand_id, to_status, "on"::text as "on", reason, reason_text from pipeline_history
          where shop_id = any(${ids}) and source in ('rep', 'import') order by shop_id, "on", id`,
    );
    const visitsOf = groupBy(visitRows);
    const explicitOf = groupBy(explicitRows);
    const statuses: object[] = [];
    const history: object[] = [];
    for (const shopId of page) {
      const explicit = explicitOf.get(shopId) ?? [];
      const events: ShopEvent<VisitRow>[] = [
        ...(visitsOf.get(shopId) ?? []).map((v) => ({
          kind: 'visit' as const,
          evidence: { visitDate: v.visit_date, carried: v.carried, interests: v.interests, terminated: v.terminated },
          visit: v,
        })),
        ...explicit.map((e) => ({ kind: 'explicit' as const, brandId: e.brand_id, status: e.to_status, on: e.on })),
      ];
      const now = replayShop(events, fc70, (change, visit, on) =>
        history.push({
          shop_id: shopId,
          brand_id: change.brandId,
          from_status: change.from,
          to_status: change.to,
          on,
          employee_id: visit!.employee_id,
          prospection_id: visit!.id,
        }),
      );
      for (const [brandId, held] of now) {
        // A status a rep set keeps her reason: the last she gave for it that day.
        const said = held.explicit
          ? explicit.findLast((e) => e.brand_id === brandId && e.on === held.since && e.to_status === held.status)
          : undefined;
        statuses.push({
          shop_id: shopId,
          brand_id: brandId,
          status: held.status,
          since: held.since,
          explicit: held.explicit,
          reason: said?.reason ?? null,
          reason_text: said?.reason_text ?? null,
        });
      }
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from pipeline_history where shop_id = any(${ids}) and source in ('visit', 'replay')`);
      await tx.execute(sql`
        insert into pipeline_history (shop_id, brand_id, from_status, to_status, "on", source, employee_id, prospection_id)
        select x.shop_id, x.brand_id, x.from_status, x.to_status, x."on", 'visit', x.employee_id, x.prospection_id
        from jsonb_to_recordset(${JSON.stringify(history)}::jsonb) as x(shop_id int, brand_id int, from_status text, to_status text,
          "on" date, employee_id int, prospection_id int)`);
      await tx.execute(sql`
        with fresh as (
          select * from jsonb_to_recordset(${JSON.stringify(statuses)}::jsonb) as x(shop_id int, brand_id int, status text, since date,
            explicit boolean, reason text, reason_text text)
        ),
        gone as (
          delete from pipeline_statuses s where s.shop_id = any(${ids})
            and not exists (select 1 from fresh f where f.shop_id = s.shop_id and f.brand_id = s.brand_id)
        )
        insert into pipeline_statuses (shop_id, brand_id, status, since, explicit, reason, reason_text)
        select shop_id, brand_id, status, since, explicit, reason, reason_text from fresh
        on conflict (shop_id, brand_id) do update set status = excluded.status, since = excluded.since, explicit = excluded.explicit,
          reason = excluded.reason, reason_text = excluded.reason_text`);
    });
    shops += page.length;
    visits += visitRows.length;
    after = page[page.length - 1];
  }
  if (!options.shopIds) await db.execute(sql`insert into pipeline_replays (shops, visits) values (${shops}::int, ${visits}::int)`);
  return { shops, visits };
}

/**
 * The steps a migration leaves to the code (run after the migrations and the demo seed, under the same lock): the
 * first replay, once, so the shops of a database made before the pipeline get their statuses.
 */
export async function runDataSteps(db: Db): Promise<void> {
  const [done] = await rowsOf(db, sql`select 1 from pipeline_replays limit 1`);
  if (!done) await replayPipeline(db);
}
