// The overview's figures (decision 033): one SQL aggregate per figure over the filtered visits, never a loop per row.
// Who may ask for whom is the route's business; here `employeeId` is simply one more filter.
import {
  brusselsToday,
  OVERVIEW_COMPETITOR_CITIES_MAX,
  OVERVIEW_COMPETITORS_MAX,
  OVERVIEW_REMARKS_PER_BRAND,
  OVERVIEW_TERMINATED_MAX,
  TODO_STATUS,
  type OverviewBrands,
  type OverviewCoverage,
  type OverviewQuery,
  type OverviewTodos,
  type OverviewVisits,
} from '@prospectie/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { employeeName } from './people.js';
import { plannedRowsOf } from '../db/rows.js';
import { visitKeepsInPortfolio } from './portfolio.js';

type Row = Record<string, unknown>;
const int = (value: unknown) => Number(value ?? 0);
const nameOf = (r: Row) => employeeName({ firstName: r.first_name as string | null, name: r.last_name as string | null });

/** The shop's place: `s` a shop; adds `ci` (its city, with the country) and `a` (its address) for the filters. */
const SHOP_PLACE = sql`left join contacts ct on ct.id = s.contact_id
  left join addresses a on a.id = ct.address_id
  left join cities ci on ci.id = a.city_id`;

/** Whether a region filter is set: then a shop's place (SHOP_PLACE) must be joined to filter on it. */
const hasRegion = (q: Pick<OverviewQuery, 'countryId' | 'cityId' | 'postalCode'>) =>
  q.countryId !== undefined || q.cityId !== undefined || q.postalCode !== undefined;

/** The region filters on a shop joined with SHOP_PLACE, as `and ...` conditions (empty without them). */
export function regionConditions(q: Pick<OverviewQuery, 'countryId' | 'cityId' | 'postalCode'>): SQL {
  const parts: SQL[] = [];
  if (q.countryId !== undefined) parts.push(sql` and ci.country_id = ${q.countryId}::int`);
  if (q.cityId !== undefined) parts.push(sql` and ci.id = ${q.cityId}::int`);
  if (q.postalCode !== undefined) {
    // A prefix of letters and digits only (the contract's pattern), so no LIKE wildcard can come in.
    parts.push(sql` and upper(coalesce(a.postal_code, ci.postal_code)) like ${`${q.postalCode.toUpperCase()}%`}`);
  }
  return sql.join(parts, sql``);
}

/** The filters of a visit; without a period (from/to) every date. */
type VisitFilters = Omit<OverviewQuery, 'from' | 'to'> & ({ from: string; to: string } | { from?: undefined; to?: undefined });

/**
 * The filtered visits as `p`, with their shop `s` ('shop') and its place `ct`, `a`, `ci` ('place', and whenever a
 * region filter is set): a FROM ... WHERE to select from. The brand filter
 * keeps visits that record the brand's sell-out or an interest in it.
 */
export function filteredVisits(q: VisitFilters, joins: 'visit' | 'shop' | 'place' = 'place'): SQL {
  const brand =
    q.brandId === undefined
      ? sql``
      : sql` and (exists (select 1 from prospection_brands fb where fb.prospection_id = p.id and fb.brand_id = ${q.brandId}::int)
          or exists (select 1 from prospection_brand_interests fi where fi.prospection_id = p.id and fi.brand_id = ${q.brandId}::int))`;
  const rep = q.employeeId === undefined ? sql`` : sql` and p.employee_id = ${q.employeeId}::int`;
  // Only the joins the caller reads or the region filter needs: PostgreSQL keeps an inner join to shops it was given.
  const region = regionConditions(q);
  const place = joins === 'place' || hasRegion(q);
  const shop = place
    ? sql` join shops s on s.id = p.shop_id ${SHOP_PLACE}`
    : joins === 'shop'
      ? sql` join shops s on s.id = p.shop_id`
      : sql``;
  return sql`from prospections p${shop}
    where ${q.from === undefined ? sql`true` : sql`p.visit_date between ${q.from}::date and ${q.to}::date`}${rep}${region}${brand}`;
}

/** Visits per rep per ISO week, the visit-type mix and the new shops. */
export async function overviewVisits(db: Db, q: OverviewQuery): Promise<OverviewVisits> {
  const creator =
    q.employeeId === undefined ? sql`` : sql` and s.user_created_id = (select user_id from employees where id = ${q.employeeId}::int)`;
  // Side by side, as the brand insight's (see overviewBrands).
  const [weekRows, typeRows, [newShops]] = await Promise.all([
    plannedRowsOf(
      db,
      sql`select w.employee_id, e.first_name, e.name as last_name, to_char(w.week_start, 'IYYY-"W"IW') as iso_week,
        to_char(w.week_start, 'YYYY-MM-DD') as week_start, w.visits
      from (
        select p.employee_id, p.visit_date - (extract(isodow from p.visit_date)::int - 1) as week_start, count(*)::int as visits
        ${filteredVisits(q, 'visit')}
        group by 1, 2
      ) w join employees e on e.id = w.employee_id
      order by w.week_start, e.name, e.first_name, w.employee_id`,
    ),
    plannedRowsOf(
      db,
      sql`select t.visit_type_id, vt.name, t.visits
      from (select p.visit_type_id, count(*)::int as visits ${filteredVisits(q, 'visit')} group by 1) t
      join visit_types vt on vt.id = t.visit_type_id
      order by t.visits desc, vt.name`,
    ),
    plannedRowsOf(
      db,
      sql`select count(*)::int as n from shops s ${SHOP_PLACE}
      where s.date_created >= (${q.from}::date::timestamp at time zone 'Europe/Brussels')
        and s.date_created < ((${q.to}::date + 1)::timestamp at time zone 'Europe/Brussels')${creator}${regionConditions(q)}`,
    ),
  ]);
  const visitTypes = typeRows.map((r) => ({ visitTypeId: int(r.visit_type_id), visitTypeName: String(r.name), visits: int(r.visits) }));
  return {
    total: visitTypes.reduce((sum, t) => sum + t.visits, 0),
    perRepWeek: weekRows.map((r) => ({
      employeeId: int(r.employee_id),
      employeeName: nameOf(r),
      isoWeek: String(r.iso_week),
      weekStart: String(r.week_start),
      visits: int(r.visits),
    })),
    visitTypes,
    newShops: int(newShops?.n),
  };
}

/**
 * Coverage as of the period's end (today when that lies ahead): the active reps' portfolios as Te bezoeken reads
 * one (services/appointments.ts dueShops), the share visited by anyone within `windowDays`, and a page of the rest.
 */
export async function overviewCoverage(
  db: Db,
  q: OverviewQuery & { limit: number; offset: number },
  windowDays: number,
  now = new Date(),
): Promise<OverviewCoverage> {
  const today = brusselsToday(now);
  const asOf = q.to < today ? q.to : today;
  const rep = q.employeeId === undefined ? sql`` : sql` and e.id = ${q.employeeId}::int`;
  const rows = await plannedRowsOf(
    db,
    sql`with reps as (
        select e.id from employees e join users u on u.id = e.user_id where u.active${rep}
      ),
      -- One pass over the visits up to asOf, per shop: the last visit by anyone, and whether a rep of the team
      -- visited it in the two years before asOf (then it is in her portfolio, as Te bezoeken reads one).
      per_shop as (
        select p.shop_id, max(p.visit_date) as last_date,
          bool_or(r.id is not null and ${visitKeepsInPortfolio(sql`p.visit_date`, asOf)}) as team_visited
        from prospections p left join reps r on r.id = p.employee_id
        where p.visit_date <= ${asOf}::date
        group by p.shop_id
      ),
      -- The team's shops: their place joined only to filter by region; the page below joins it for its own shops.
      placed as (
        select s.id as shop_id, ra.id as assigned_id, ps.last_date
        from shops s
        left join reps ra on ra.id = s.assigned_employee_id
        left join per_shop ps on ps.shop_id = s.id
        ${hasRegion(q) ? SHOP_PLACE : sql``}
        where (ra.id is not null or ps.team_visited)${regionConditions(q)}
      ),
      counts as (
        select count(*)::int as team_shops,
          count(*) filter (where last_date > ${asOf}::date - ${windowDays}::int)::int as visited_shops
        from placed
      )
      select c.team_shops, c.visited_shops, x.*
      from counts c left join lateral (
        select pg.shop_id, pg.shop_name, ci.name as city, coalesce(a.postal_code, ci.postal_code) as postal_code,
          e.id as employee_id, e.first_name, e.name as last_name,
          to_char(pg.last_date, 'YYYY-MM-DD') as last_visit_date, (${asOf}::date - pg.last_date) as days_since
        from (
          select pl.shop_id, sh.name as shop_name, pl.assigned_id, pl.last_date
          from placed pl join shops sh on sh.id = pl.shop_id
          where pl.last_date is null or pl.last_date <= ${asOf}::date - ${windowDays}::int
          order by pl.last_date asc nulls first, sh.name, pl.shop_id
          limit ${q.limit}::int offset ${q.offset}::int
        ) pg
        join shops s on s.id = pg.shop_id
        ${SHOP_PLACE}
        -- Whose portfolio: the assigned rep, else the team's rep who visited it last (only for this page's shops).
        left join employees e on e.id = coalesce(pg.assigned_id, (
          select p.employee_id from prospections p join reps r on r.id = p.employee_id
          where p.shop_id = pg.shop_id and p.visit_date <= ${asOf}::date and ${visitKeepsInPortfolio(sql`p.visit_date`, asOf)}
          order by p.visit_date desc, p.id desc limit 1))
        order by pg.last_date asc nulls first, pg.shop_name, pg.shop_id
      ) x on true`,
  );
  const teamShops = int(rows[0]?.team_shops);
  const visitedShops = int(rows[0]?.visited_shops);
  const notVisited = rows
    .filter((r) => r.shop_id !== null && r.shop_id !== undefined)
    .map((r) => ({
      shopId: int(r.shop_id),
      shopName: String(r.shop_name),
      city: (r.city as string | null) ?? null,
      postalCode: (r.postal_code as string | null) ?? null,
      employeeId: r.employee_id === null ? null : int(r.employee_id),
      employeeName: r.employee_id === null ? null : nameOf(r),
      lastVisitDate: (r.last_visit_date as string | null) ?? null,
      daysSince: r.days_since === null ? null : int(r.days_since),
    }));
  const notVisitedTotal = teamShops - visitedShops;
  return {
    windowDays,
    asOf,
    teamShops,
    visitedShops,
    share: teamShops === 0 ? 0 : visitedShops / teamShops,
    notVisited,
    notVisitedTotal,
    nextOffset: q.offset + notVisited.length < notVisitedTotal ? q.offset + notVisited.length : null,
  };
}

/** To-dos created in the period per assignee, open and done, and the open ones by age. */
export async function overviewTodos(db: Db, q: OverviewQuery, now = new Date()): Promise<OverviewTodos> {
  const today = brusselsToday(now);
  const rep = q.employeeId === undefined ? sql`` : sql` and te.employee_id = ${q.employeeId}::int`;
  // Region and brand narrow to to-dos made on a matching visit; the period and rep are the to-do's own.
  const visitMatters = q.countryId !== undefined || q.cityId !== undefined || q.postalCode !== undefined || q.brandId !== undefined;
  const onVisit = visitMatters
    ? sql` and exists (select 1 from prospection_todos pt where pt.to_do_id = t.id and pt.prospection_id in (select p.id ${filteredVisits({ ...q, employeeId: undefined, from: undefined, to: undefined }, 'visit')}))`
    : sql``;
  const rows = await plannedRowsOf(
    db,
    sql`select x.employee_id, e.first_name, e.name as last_name, x.open, x.done, x.up_to_7, x.up_to_30, x.up_to_90, x.over_90, x.oldest
      from (
        select te.employee_id,
          count(*) filter (where t.to_do_status_id = ${TODO_STATUS.open})::int as open,
          count(*) filter (where t.to_do_status_id = ${TODO_STATUS.done})::int as done,
          count(*) filter (where t.to_do_status_id = ${TODO_STATUS.open} and age <= 7)::int as up_to_7,
          count(*) filter (where t.to_do_status_id = ${TODO_STATUS.open} and age > 7 and age <= 30)::int as up_to_30,
          count(*) filter (where t.to_do_status_id = ${TODO_STATUS.open} and age > 30 and age <= 90)::int as up_to_90,
          count(*) filter (where t.to_do_status_id = ${TODO_STATUS.open} and age > 90)::int as over_90,
          max(age) filter (where t.to_do_status_id = ${TODO_STATUS.open}) as oldest
        from todos t
        join todo_employees te on te.to_do_id = t.id
        cross join lateral (select ${today}::date - (t.date_created at time zone 'Europe/Brussels')::date as age) ages
        where t.date_created >= (${q.from}::date::timestamp at time zone 'Europe/Brussels')
          and t.date_created < ((${q.to}::date + 1)::timestamp at time zone 'Europe/Brussels')${rep}${onVisit}
        group by te.employee_id
      ) x join employees e on e.id = x.employee_id
      order by e.name, e.first_name, x.employee_id`,
  );
  return {
    assignees: rows.map((r) => ({
      employeeId: int(r.employee_id),
      employeeName: nameOf(r),
      open: int(r.open),
      done: int(r.done),
      openAge: { upTo7: int(r.up_to_7), upTo30: int(r.up_to_30), upTo90: int(r.up_to_90), over90: int(r.over_90) },
      oldestOpenDays: r.oldest === null ? null : int(r.oldest),
    })),
  };
}

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** Brand interests, sell-out per month, competitor brands and terminated-brand mentions of the filtered visits. */
export async function overviewBrands(db: Db, q: OverviewQuery): Promise<OverviewBrands> {
  // With a brand filter, the brand's own interests and sell-out, not the other brands the same visits name.
  const onlyBrand = (column: SQL) => (q.brandId === undefined ? sql`` : sql` and ${column} = ${q.brandId}::int`);
  // The four figures side by side (on PostgreSQL each on a connection of the pool; PGlite takes them in turn). Each
  // aggregates first and names and formats the few groups after (decision 077): a month is a date until the end.
  const [interests, sellout, competitors, terminated] = await Promise.all([
    plannedRowsOf(
      db,
      sql`with parts as (
        select bi.brand_id, bi.remark, v.id, v.shop_id, v.visit_date
        from (select p.id, p.shop_id, p.visit_date ${filteredVisits(q, 'visit')}) v
        join prospection_brand_interests bi on bi.prospection_id = v.id
        where true${onlyBrand(sql`bi.brand_id`)}
      ),
      counts as (
        select brand_id, count(distinct shop_id)::int as shops, count(*)::int as visits from parts group by brand_id
      ),
      -- The newest remarks of each brand first, then their shops' names: a lookup for each of those few only.
      newest as (
        select *, row_number() over (partition by brand_id order by visit_date desc, id desc) as n
        from parts where nullif(trim(remark), '') is not null
      ),
      remarks as (
        select r.brand_id, json_agg(json_build_object('prospectionId', r.id, 'shopId', r.shop_id, 'shopName', s.name,
          'visitDate', to_char(r.visit_date, 'YYYY-MM-DD'), 'remark', r.remark) order by r.n) as remarks
        from newest r join shops s on s.id = r.shop_id
        where r.n <= ${OVERVIEW_REMARKS_PER_BRAND}
        group by r.brand_id
      )
      select c.brand_id, b.name, c.shops, c.visits, rm.remarks
      from counts c join brands b on b.id = c.brand_id
      left join remarks rm on rm.brand_id = c.brand_id
      order by c.shops desc, c.visits desc, b.name`,
    ),
    plannedRowsOf(
      db,
      sql`select m.brand_id, b.name, to_char(m.month, 'YYYY-MM') as month, round(m.average, 1)::float8 as average, m.visits
      from (
        select pb.brand_id, date_trunc('month', v.visit_date::timestamp) as month, avg(pb.sellout) as average, count(*)::int as visits
        from (select p.id, p.visit_date ${filteredVisits(q, 'visit')}) v
        join prospection_brands pb on pb.prospection_id = v.id
        where pb.sellout is not null${onlyBrand(sql`pb.brand_id`)}
        group by 1, 2
      ) m join brands b on b.id = m.brand_id
      order by b.name, m.brand_id, m.month`,
    ),
    plannedRowsOf(
      db,
      sql`with seen as (
        select pc.competitor_brand_id, v.id, v.shop_id, v.city
        from (select p.id, p.shop_id, ci.name as city ${filteredVisits(q)}) v
        join prospection_competitor_brands pc on pc.prospection_id = v.id
      ),
      top as (
        select competitor_brand_id, count(*)::int as visits, count(distinct shop_id)::int as shops
        from seen group by competitor_brand_id
        order by visits desc, competitor_brand_id limit ${OVERVIEW_COMPETITORS_MAX}
      ),
      per_city as (
        select competitor_brand_id, city, count(*)::int as visits,
          row_number() over (partition by competitor_brand_id order by count(*) desc, city) as n
        from seen where city is not null and competitor_brand_id in (select competitor_brand_id from top)
        group by competitor_brand_id, city
      ),
      -- Once for every brand of the top, not a subquery per brand (each of which read all of seen again).
      top_cities as (
        select competitor_brand_id, json_agg(json_build_object('city', city, 'visits', visits) order by n) as cities
        from per_city where n <= ${OVERVIEW_COMPETITOR_CITIES_MAX}
        group by competitor_brand_id
      )
      select top.competitor_brand_id, cb.name, top.visits, top.shops, coalesce(tc.cities, '[]'::json) as cities
      from top join competitor_brands cb on cb.id = top.competitor_brand_id
      left join top_cities tc on tc.competitor_brand_id = top.competitor_brand_id
      order by top.visits desc, cb.name`,
    ),
    plannedRowsOf(
      db,
      sql`select t.id, t.shop_id, s.name as shop_name, to_char(t.visit_date, 'YYYY-MM-DD') as visit_date, t.terminated_brands, t.total
      from (
        select p.id, p.shop_id, p.visit_date, p.terminated_brands, count(*) over ()::int as total
        ${filteredVisits(q, 'visit')} and nullif(trim(p.terminated_brands), '') is not null
        order by p.visit_date desc, p.id desc
        limit ${OVERVIEW_TERMINATED_MAX}
      ) t join shops s on s.id = t.shop_id
      order by t.visit_date desc, t.id desc`,
    ),
  ]);
  return {
    interests: interests.map((r) => ({
      brandId: int(r.brand_id),
      brandName: String(r.name),
      shops: int(r.shops),
      visits: int(r.visits),
      remarks: jsonOf<OverviewBrands['interests'][number]['remarks'] | null>(r.remarks) ?? [],
    })),
    sellout: sellout.map((r) => ({
      brandId: int(r.brand_id),
      brandName: String(r.name),
      month: String(r.month),
      average: Number(r.average),
      visits: int(r.visits),
    })),
    competitors: competitors.map((r) => ({
      competitorBrandId: int(r.competitor_brand_id),
      competitorBrandName: String(r.name),
      visits: int(r.visits),
      shops: int(r.shops),
      cities: jsonOf<{ city: string; visits: number }[]>(r.cities),
    })),
    terminated: terminated.map((r) => ({
      prospectionId: int(r.id),
      shopId: int(r.shop_id),
      shopName: String(r.shop_name),
      visitDate: String(r.visit_date),
      text: String(r.terminated_brands),
    })),
    terminatedTotal: int(terminated[0]?.total),
  };
}
