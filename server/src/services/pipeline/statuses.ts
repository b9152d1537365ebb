// A shop's statuses per FC70 brand as the database keeps them (docs/decisions/066-pipeline-per-shop-and-brand.md):
// what a visit writes with itself, what a rep sets on the shop page, what the shop page and Home's Opvolgen read.
import { sql, type SQL } from 'drizzle-orm';
import { brusselsToday } from '@prospectie/contract/dates';
import { textOrNull } from '@prospectie/contract/blank';
import type { NotInterestedReason, PipelineChange, PipelineNow, PipelineSet, ShopPipeline, FollowUp } from '@prospectie/contract';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { DomainError } from '../../errors.js';
import { customerSeason, openWindows, windowLeft } from '../seasons.js';
import { deriveFromVisit, type PipelineStatus, type StatusNow, type VisitEvidence } from './derive.js';

/** A status as it stands, with why a shop said no. */
export interface Held extends StatusNow {
  reason: NotInterestedReason | null;
  reasonText: string | null;
}

/**
 * The shop's statuses, the FC70 brands a visit makes at least 'visited' (the active ones, not merged), and for each of
 * `brandIds` the brand it counts as now (its merge target, or itself; an unknown id itself, so the foreign key refuses
 * it as before), in one round trip. It only reads: the visit's statement locks the brands it saves (currentIdsQuery).
 */
export async function shopStatuses(
  db: Db | Tx,
  shopId: number,
  brandIds: readonly number[] = [],
): Promise<{ now: Map<number, Held>; fc70: number[]; current: Map<number, number> }> {
  const named = sql`${`{${[...new Set(brandIds)].join(',')}}`}::int[]`;
  const rows = await rowsOf<{
    brand_id: number;
    to_id: number;
    fc70: boolean;
    status: PipelineStatus | null;
    since: string | null;
    explicit: boolean | null;
    reason: NotInterestedReason | null;
    reason_text: string | null;
  }>(
    db,
    sql`select b.id as brand_id, coalesce(b.merged_into_id, b.id) as to_id, (b.active and b.merged_into_id is null) as fc70,
          s.status, s.since::text as since, s.explicit, s.reason, s.reason_text
        from brands b left join pipeline_statuses s on s.brand_id = b.id and s.shop_id = ${shopId}::int
        where (b.active and b.merged_into_id is null) or s.shop_id is not null or b.id = any(${named})
        order by b.id`,
  );
  const now = new Map<number, Held>();
  const current = new Map(brandIds.map((id) => [id, id]));
  for (const r of rows) {
    if (r.status)
      now.set(r.brand_id, { status: r.status, since: r.since!, explicit: r.explicit!, reason: r.reason, reasonText: r.reason_text });
    if (current.has(r.brand_id)) current.set(r.brand_id, r.to_id);
  }
  return { now, fc70: rows.filter((r) => r.fc70).map((r) => r.brand_id), current };
}

/**
 * Whether the pipeline keeps a status of a brand in this shop: one of FC70 (active, not merged), or one holding a
 * status here already. A brand deactivated since keeps its status, and a rep may still change it; what it must not do
 * is get a new one.
 */
export const keepsStatusOf =
  ({ now, fc70 }: { now: ReadonlyMap<number, Held>; fc70: readonly number[] }) =>
  (brandId: number) =>
    fc70.includes(brandId) || now.has(brandId);

/** The shop page's setter: a brand the pipeline keeps no status of here (unknown ids too) is refused. */
export function checkPipelineBrands(
  held: { now: ReadonlyMap<number, Held>; fc70: readonly number[] },
  brandIds: Iterable<number>,
  field: string,
): void {
  const keeps = keepsStatusOf(held);
  for (const id of brandIds) if (!keeps(id)) throw new DomainError('brand_not_found', 'no FC70 brand of that id', field);
}

/** A status a rep chooses, and the next step she plans (undefined: the next step stays as it was). */
export interface Choice {
  brandId: number;
  status?: PipelineStatus;
  reason?: NotInterestedReason | null;
  reasonText?: string | null;
  nextStep?: string | null;
  nextStepDate?: string | null;
}

interface Row {
  brand_id: number;
  status: PipelineStatus;
  since: string;
  explicit: boolean;
  reason: NotInterestedReason | null;
  reason_text: string | null;
  /** Set: the next step as planned now (null fields clear it); absent: the next step stays. */
  next?: { next_step: string | null; next_step_date: string | null };
}

interface Change {
  brand_id: number;
  from_status: PipelineStatus | null;
  to_status: PipelineStatus;
  source: 'visit' | 'rep';
  reason: NotInterestedReason | null;
  reason_text: string | null;
}

/**
 * What a visit (its evidence, then the rep's own choices on Opvolging) or a rep's choice on the shop page changes:
 * the rows to write and the history to add. `on` is the day it counts for: the visit's date, or today.
 */
export function plannedChanges(
  held: ReadonlyMap<number, Held>,
  fc70: readonly number[],
  on: string,
  evidence: VisitEvidence | null,
  choices: readonly Choice[],
): { rows: Row[]; changes: Change[] } {
  const after = new Map(held);
  const changes: Change[] = [];
  const touched = new Map<number, Row>();
  const touch = (brandId: number) => {
    const now = after.get(brandId)!;
    const row: Row = {
      brand_id: brandId,
      status: now.status,
      since: now.since,
      explicit: now.explicit,
      reason: now.reason,
      reason_text: now.reasonText,
      ...(touched.get(brandId)?.next ? { next: touched.get(brandId)!.next } : {}),
    };
    touched.set(brandId, row);
    return row;
  };
  if (evidence)
    for (const change of deriveFromVisit(after, evidence, fc70)) {
      after.set(change.brandId, { status: change.to, since: on, explicit: false, reason: null, reasonText: null });
      changes.push({
        brand_id: change.brandId,
        from_status: change.from,
        to_status: change.to,
        source: 'visit',
        reason: null,
        reason_text: null,
      });
      touch(change.brandId);
    }
  for (const choice of choices) {
    const current = after.get(choice.brandId);
    if (choice.status) {
      const reason = choice.status === 'not_interested' ? (choice.reason ?? null) : null;
      const reasonText = choice.status === 'not_interested' ? textOrNull(choice.reasonText) : null;
      const same = current?.status === choice.status && current.reason === reason && current.reasonText === reasonText;
      if (!same) {
        after.set(choice.brandId, { status: choice.status, since: on, explicit: true, reason, reasonText });
        changes.push({
          brand_id: choice.brandId,
          from_status: current?.status ?? null,
          to_status: choice.status,
          source: 'rep',
          reason,
          reason_text: reasonText,
        });
        touch(choice.brandId);
      }
    }
    if ((choice.nextStep !== undefined || choice.nextStepDate !== undefined) && after.has(choice.brandId)) {
      const row = touched.get(choice.brandId) ?? touch(choice.brandId);
      row.next = { next_step: textOrNull(choice.nextStep), next_step_date: choice.nextStepDate ?? null };
    }
  }
  return { rows: [...touched.values()], changes };
}

/**
 * The CTEs that write a visit's pipeline with the visit itself (services/visitSubmit.ts): after `p` (the visit's row,
 * none when its idempotency claim is lost) they upsert the touched statuses and add the history.
 */
export function pipelineWrites(
  planned: { rows: Row[]; changes: Change[] },
  shopId: number,
  employeeId: number,
  on: string,
  visit: SQL | null,
): SQL {
  const rows = planned.rows.map(({ next, ...r }) => ({ ...r, set_next: next !== undefined, ...(next ?? {}) }));
  return sql`
    pipeline_now as (
      insert into pipeline_statuses (shop_id, brand_id, status, since, explicit, reason, reason_text, next_step, next_step_date,
        next_step_employee_id)
      select ${shopId}::int, x.brand_id, x.status, x.since, x.explicit, x.reason, x.reason_text, x.next_step, x.next_step_date,
        case when x.set_next then ${employeeId}::int end
      from ${visit ?? sql`(select 1) as one`}, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(brand_id int, status text, since date,
        explicit boolean, reason text, reason_text text, set_next boolean, next_step text, next_step_date date)
      on conflict (shop_id, brand_id) do update set status = excluded.status, since = excluded.since, explicit = excluded.explicit,
        reason = excluded.reason, reason_text = excluded.reason_text,
        -- No next step planned now: the one planned before stays.
        next_step = case when excluded.next_step_employee_id is null then pipeline_statuses.next_step else excluded.next_step end,
        next_step_date = case when excluded.next_step_employee_id is null then pipeline_statuses.next_step_date else excluded.next_step_date end,
        next_step_employee_id = coalesce(excluded.next_step_employee_id, pipeline_statuses.next_step_employee_id)
      returning brand_id
    ),
    pipeline_log as (
      insert into pipeline_history (shop_id, brand_id, from_status, to_status, "on", source, employee_id, prospection_id, reason, reason_text)
      select ${shopId}::int, x.brand_id, x.from_status, x.to_status, ${on}::date, x.source, ${employeeId}::int,
        ${visit ? sql`p.id` : sql`null::int`}, x.reason, x.reason_text
      from ${visit ?? sql`(select 1) as one`}, jsonb_to_recordset(${JSON.stringify(planned.changes)}::jsonb) as x(brand_id int, from_status text,
        to_status text, source text, reason text, reason_text text)
    )`;
}

/** A status set by a rep on the shop page (or through her outbox): counts from today, whatever a later visit says. */
export async function setStatus(
  tx: Tx,
  who: { employeeId: number },
  shopId: number,
  brandId: number,
  body: PipelineSet,
): Promise<PipelineNow> {
  const [shop] = await rowsOf<{ id: number }>(tx, sql`select id from shops where id = ${shopId}::int for share`);
  if (!shop) throw new DomainError('shop_not_found', 'shop not found');
  const { now, fc70 } = await shopStatuses(tx, shopId);
  checkPipelineBrands({ now, fc70 }, [brandId], 'brandId');
  const planned = plannedChanges(now, fc70, brusselsToday(), null, [{ brandId, ...body }]);
  if (planned.rows.length) await tx.execute(sql`with ${pipelineWrites(planned, shopId, who.employeeId, brusselsToday(), null)} select 1`);
  const { statuses } = await shopPipeline(tx, shopId, { history: false });
  return statuses.find((s) => s.brandId === brandId)!;
}

/** The shop page's statuses and history (newest first). */
export async function shopPipeline(db: Db | Tx, shopId: number, options = { history: true }): Promise<ShopPipeline> {
  const statuses = await rowsOf<PipelineNow>(
    db,
    sql`select s.brand_id as "brandId", b.name as "brandName", s.status, s.since::text as since, s.explicit, s.reason,
          s.reason_text as "reasonText", s.next_step as "nextStep", s.next_step_date::text as "nextStepDate",
          ${customerSeason('s')} as season
        from pipeline_statuses s join brands b on b.id = s.brand_id
        where s.shop_id = ${shopId}::int order by b.name`,
  );
  if (!options.history) return { statuses, history: [] };
  const history = await rowsOf<PipelineChange>(
    db,
    sql`select h.id, h.brand_id as "brandId", b.name as "brandName", h.from_status as "from", h.to_status as "to", h."on"::text as "on",
          h.source, case when e.id is null then null else trim(concat_ws(' ', e.first_name, e.name)) end as "employeeName",
          h.prospection_id as "prospectionId", h.reason, h.reason_text as "reasonText"
        from pipeline_history h join brands b on b.id = h.brand_id left join employees e on e.id = h.employee_id
        where h.shop_id = ${shopId}::int
        -- Newest first, by day, then as they were made; one visit's changes together (a rep's own word first, then what
        -- the visit showed, brands by name).
        order by h."on" desc, max(h.id) over (partition by coalesce(h.prospection_id, -h.id)) desc, h.source = 'rep' desc, b.name,
          h.id desc
        limit 500`,
  );
  return { statuses, history };
}

/**
 * Opvolgen: the next steps a rep planned for today or before, for brands still interested or in talks; those whose
 * pre-order window closes soonest first (decision 068), with the days left.
 */
export async function followUpsOf(db: Db, employeeId: number, today = brusselsToday()): Promise<FollowUp[]> {
  const rows = await rowsOf<Omit<FollowUp, 'window'> & { season: string | null; ends_on: string | null }>(
    db,
    sql`select s.shop_id as "shopId", sh.name as "shopName", c.name as "cityName", s.brand_id as "brandId", b.name as "brandName",
          s.status, s.next_step as "nextStep", s.next_step_date::text as "nextStepDate", w.season, w.ends_on::text as ends_on
        from pipeline_statuses s
        join shops sh on sh.id = s.shop_id join brands b on b.id = s.brand_id
        left join contacts ct on ct.id = sh.contact_id left join addresses a on a.id = ct.address_id left join cities c on c.id = a.city_id
        left join lateral (
          select ow.season, ow.ends_on from ${openWindows(today)} ow where ow.shop_id = s.shop_id and ow.brand_id = s.brand_id
          order by ow.ends_on limit 1
        ) w on true
        where s.next_step_employee_id = ${employeeId}::int and s.next_step_date <= ${today}::date
          and s.status in ('interested', 'negotiating')
        order by w.ends_on nulls last, s.next_step_date, sh.name, b.name
        limit 200`,
  );
  return rows.map(({ season, ends_on, ...r }) => ({ ...r, window: windowLeft(season, ends_on, today) }));
}
