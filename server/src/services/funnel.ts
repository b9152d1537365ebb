// The funnel (docs/decisions/068-seasons-and-the-funnel.md): what the pipeline's history shows for a period, or for a
// season (each FC70 brand in its own window of it): the shops entering each stage, per brand and per rep, how many of
// those that became interested became a customer, the median days from a shop's first visit to a customer, and why
// shops said no. The overview's filters apply (rep, region, brand).
import { sql } from 'drizzle-orm';
import { PIPELINE_STATUSES, type OverviewFunnel, type OverviewFunnelQuery } from '@prospectie/contract';
import type { Db } from '../db/client.js';
import { plannedRowsOf, rowsOf } from '../db/rows.js';
import { DomainError } from '../errors.js';
import { regionConditions } from './overview.js';
import { employeeName } from './people.js';
import { BRAND_WINDOWS } from './seasons.js';

type Figures = OverviewFunnel['total'];
type Entered = Figures['entered'];

const ENTERED = sql.join(
  PIPELINE_STATUSES.map((s) => sql`count(distinct h.shop_id) filter (where h.to_status = ${s})::int as ${sql.identifier(s)}`),
  sql`, `,
);

export async function overviewFunnel(db: Db, q: OverviewFunnelQuery): Promise<OverviewFunnel> {
  if (q.seasonId !== undefined) {
    const [season] = await rowsOf(db, sql`select 1 from seasons where id = ${q.seasonId}::int`);
    if (!season) throw new DomainError('season_not_found', 'season not found', 'seasonId');
  }
  // The days that count per brand: its window of the season, or the period.
  const windows =
    q.seasonId === undefined
      ? sql`(select b.id as brand_id, ${q.from}::date as starts_on, ${q.to}::date as ends_on from brands b)`
      : sql`(select brand_id, starts_on, ends_on from ${BRAND_WINDOWS} bw where bw.season_id = ${q.seasonId}::int)`;
  const region = regionConditions(q);
  const place =
    q.countryId !== undefined || q.cityId !== undefined || q.postalCode !== undefined
      ? sql` join shops s on s.id = h.shop_id left join contacts ct on ct.id = s.contact_id
          left join addresses a on a.id = ct.address_id left join cities ci on ci.id = a.city_id`
      : sql``;
  const history = sql`
    h as (
      select h.id, h.shop_id, h.brand_id, h.to_status, h."on", h.employee_id, h.reason
      from pipeline_history h join ${windows} w on w.brand_id = h.brand_id and h."on" between w.starts_on and w.ends_on${place}
      where true${q.employeeId === undefined ? sql`` : sql` and h.employee_id = ${q.employeeId}::int`}${
        q.brandId === undefined ? sql`` : sql` and h.brand_id = ${q.brandId}::int`
      }${region}
    )`;
  const entered = await plannedRowsOf<{ brand_id: number | null; employee_id: number | null; g_brand: number; g_rep: number } & Entered>(
    db,
    sql`with ${history}
        select h.brand_id, h.employee_id, grouping(h.brand_id) as g_brand, grouping(h.employee_id) as g_rep, ${ENTERED}
        from h group by grouping sets ((), (h.brand_id), (h.employee_id))`,
  );
  // Per shop and brand: when it first became interested and a customer in the window, and by whom.
  const pairs = await plannedRowsOf<{
    kind: 'total' | 'brand' | 'rep';
    key: number | null;
    interested: number;
    converted: number;
    median_days: number | null;
  }>(
    db,
    sql`with ${history},
        pair as (
          select h.shop_id, h.brand_id,
            min(h."on") filter (where h.to_status = 'interested') as interested_on,
            (array_agg(h.employee_id order by h."on", h.id) filter (where h.to_status = 'interested'))[1] as interested_by,
            min(h."on") filter (where h.to_status = 'customer') as customer_on,
            (array_agg(h.employee_id order by h."on", h.id) filter (where h.to_status = 'customer'))[1] as customer_by
          from h group by h.shop_id, h.brand_id
        ),
        days as (
          select pair.*, pair.customer_on - (select min(p.visit_date) from prospections p where p.shop_id = pair.shop_id) as days
          from pair
        ),
        conversion as (
          select case when grouping(brand_id) = 0 then 'brand' when grouping(interested_by) = 0 then 'rep' else 'total' end as kind,
            coalesce(brand_id, interested_by) as key,
            count(*)::int as interested, count(*) filter (where customer_on >= interested_on)::int as converted
          from days where interested_on is not null
          group by grouping sets ((), (brand_id), (interested_by))
        ),
        median as (
          select case when grouping(brand_id) = 0 then 'brand' when grouping(customer_by) = 0 then 'rep' else 'total' end as kind,
            coalesce(brand_id, customer_by) as key,
            percentile_cont(0.5) within group (order by days) as median_days
          from days where customer_on is not null and days is not null
          group by grouping sets ((), (brand_id), (customer_by))
        )
        select coalesce(c.kind, m.kind) as kind, coalesce(c.key, m.key) as key, coalesce(c.interested, 0) as interested,
          coalesce(c.converted, 0) as converted, m.median_days
        from conversion c full join median m on m.kind = c.kind and m.key is not distinct from c.key`,
  );
  const reasons = await plannedRowsOf<{ reason: OverviewFunnel['reasons'][number]['reason']; shops: number }>(
    db,
    sql`with ${history}
        select h.reason, count(distinct h.shop_id)::int as shops from h
        where h.to_status = 'not_interested' and h.reason is not null group by h.reason order by shops desc, h.reason`,
  );
  const brandIds = entered.filter((r) => r.g_brand === 0 && r.brand_id !== null).map((r) => r.brand_id!);
  const repIds = entered.filter((r) => r.g_rep === 0 && r.employee_id !== null).map((r) => r.employee_id!);
  const ids = (list: number[]) => sql`${`{${list.join(',')}}`}::int[]`;
  const names = await rowsOf<{ kind: 'brand' | 'rep'; id: number; first_name: string | null; name: string }>(
    db,
    sql`select 'brand' as kind, id, null as first_name, name from brands where id = any(${ids(brandIds)})
        union all select 'rep', id, first_name, name from employees where id = any(${ids(repIds)})`,
  );
  const nameOf = (kind: 'brand' | 'rep', id: number) => {
    const n = names.find((r) => r.kind === kind && r.id === id);
    return n ? (kind === 'rep' ? employeeName({ firstName: n.first_name, name: n.name }) : n.name) : '';
  };
  const empty = Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, 0])) as Entered;
  const figures = (kind: 'total' | 'brand' | 'rep', key: number | null): Figures => {
    const row = entered.find((r) =>
      kind === 'total'
        ? r.g_brand === 1 && r.g_rep === 1
        : kind === 'brand'
          ? r.g_brand === 0 && r.brand_id === key
          : r.g_rep === 0 && r.employee_id === key,
    );
    const pair = pairs.find((p) => p.kind === kind && (kind === 'total' || Number(p.key) === key));
    return {
      entered: row ? (Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, Number(row[s])])) as Entered) : empty,
      conversion: pair && pair.interested ? Math.round((pair.converted / pair.interested) * 1000) / 1000 : null,
      medianDaysToCustomer: pair?.median_days == null ? null : Math.round(Number(pair.median_days) * 10) / 10,
    };
  };
  return {
    total: figures('total', null),
    brands: brandIds
      .map((id) => ({ brandId: id, brandName: nameOf('brand', id), ...figures('brand', id) }))
      .sort((a, b) => a.brandName.localeCompare(b.brandName, 'nl')),
    reps: repIds
      .map((id) => ({ employeeId: id, employeeName: nameOf('rep', id), ...figures('rep', id) }))
      .sort((a, b) => a.employeeName.localeCompare(b.employeeName, 'nl')),
    reasons,
  };
}
