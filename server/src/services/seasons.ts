// Seasons and their pre-order windows (docs/decisions/068-seasons-and-the-funnel.md): kept by the beheerder, read by
// everyone; the window each FC70 brand has in a season (its own, else the season's), for the funnel and the days left.
import { sql } from 'drizzle-orm';
import type { Season, SeasonInput, WindowLeft } from '@prospectie/contract';
import type { Db, Tx } from '../db/client.js';
import { constraintOf, rowsOf } from '../db/rows.js';
import { DomainError } from '../errors.js';
import { writeAudit } from './audit.js';

/** Every season's window per FC70 brand, as `season_id, season, brand_id, starts_on, ends_on`: a FROM to select from. */
export const BRAND_WINDOWS = sql`(
  select s.id as season_id, s.name as season, b.id as brand_id,
    coalesce(w.starts_on, s.starts_on) as starts_on, coalesce(w.ends_on, s.ends_on) as ends_on
  from seasons s cross join brands b left join season_brand_windows w on w.season_id = s.id and w.brand_id = b.id
)`;

export async function listSeasons(db: Db | Tx, only?: number): Promise<Season[]> {
  const rows = await rowsOf<Season & { brandWindows: Season['brandWindows'] | null }>(
    db,
    sql`select s.id, s.name, s.starts_on::text as "startsOn", s.ends_on::text as "endsOn",
          (select json_agg(json_build_object('brandId', w.brand_id, 'brandName', b.name, 'startsOn', w.starts_on::text,
             'endsOn', w.ends_on::text) order by b.name)
           from season_brand_windows w join brands b on b.id = w.brand_id where w.season_id = s.id) as "brandWindows"
        from seasons s ${only === undefined ? sql`` : sql`where s.id = ${only}::int`}
        order by s.starts_on desc, s.name`,
  );
  return rows.map((r) => ({ ...r, brandWindows: r.brandWindows ?? [] }));
}

async function saved(tx: Tx, id: number): Promise<Season> {
  const [season] = await listSeasons(tx, id);
  if (!season) throw new DomainError('season_not_found', 'season not found');
  return season;
}

/** A name taken (the unique constraint) or an unknown brand (its foreign key), said as such. */
async function refusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = constraintOf(err);
    if (constraint === 'seasons_name_unique') throw new DomainError('season_name_taken', 'a season of that name exists', 'name');
    if (constraint === 'season_brand_windows_brand_id_brands_id_fk')
      throw new DomainError('brand_not_found', 'no such brand', 'brandWindows');
    throw err;
  }
}

async function writeWindows(tx: Tx, seasonId: number, input: SeasonInput) {
  await tx.execute(sql`delete from season_brand_windows where season_id = ${seasonId}::int`);
  if (!input.brandWindows?.length) return;
  const rows = input.brandWindows.map((w) => ({ brand_id: w.brandId, starts_on: w.startsOn, ends_on: w.endsOn }));
  await tx.execute(sql`insert into season_brand_windows (season_id, brand_id, starts_on, ends_on)
    select ${seasonId}::int, x.brand_id, x.starts_on, x.ends_on
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(brand_id int, starts_on date, ends_on date)`);
}

export function createSeason(db: Db, actorUserId: number, input: SeasonInput): Promise<Season> {
  return refusals(() =>
    db.transaction(async (tx) => {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into seasons (name, starts_on, ends_on) values (${input.name}, ${input.startsOn}::date, ${input.endsOn}::date) returning id`,
      );
      await writeWindows(tx, row.id, input);
      const season = await saved(tx, row.id);
      await writeAudit(tx, { actorUserId, action: 'season.create', entity: 'season', entityId: row.id, before: null, after: season });
      return season;
    }),
  );
}

export function updateSeason(db: Db, actorUserId: number, id: number, input: SeasonInput): Promise<Season> {
  return refusals(() =>
    db.transaction(async (tx) => {
      const before = await saved(tx, id);
      await tx.execute(
        sql`update seasons set name = ${input.name}, starts_on = ${input.startsOn}::date, ends_on = ${input.endsOn}::date where id = ${id}::int`,
      );
      await writeWindows(tx, id, input);
      const season = await saved(tx, id);
      await writeAudit(tx, { actorUserId, action: 'season.update', entity: 'season', entityId: id, before, after: season });
      return season;
    }),
  );
}

export function deleteSeason(db: Db, actorUserId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await saved(tx, id);
    await tx.execute(sql`delete from seasons where id = ${id}::int`);
    await writeAudit(tx, { actorUserId, action: 'season.delete', entity: 'season', entityId: id, before, after: null });
  });
}

/**
 * For a list of shops or shop-brand rows (Te bezoeken, Opvolgen): the window open today that closes soonest for a brand
 * the shop is interested in or in talks about, as `shop_id, brand_id, season, ends_on`: a FROM to join.
 */
export const openWindows = (today: string) => sql`(
  select ps.shop_id, ps.brand_id, w.season, w.ends_on
  from pipeline_statuses ps join ${BRAND_WINDOWS} w on w.brand_id = ps.brand_id and ${today}::date between w.starts_on and w.ends_on
  where ps.status in ('interested', 'negotiating')
)`;

/**
 * The season a customer became one in, for the pipeline_statuses row of that alias: the brand's window its `since` falls
 * in (the one closing first), null for any other status. A scalar subquery to select.
 */
export const customerSeason = (alias: string) => {
  const row = sql.identifier(alias);
  return sql`(select w.season from ${BRAND_WINDOWS} w where ${row}.status = 'customer' and w.brand_id = ${row}.brand_id
    and ${row}.since between w.starts_on and w.ends_on order by w.ends_on limit 1)`;
};

/** A window's days left, as the lists answer it. */
export const windowLeft = (season: unknown, endsOn: unknown, today: string): WindowLeft | null =>
  season == null
    ? null
    : {
        season: String(season),
        endsOn: String(endsOn),
        daysLeft: Math.round((Date.parse(`${String(endsOn)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000),
      };
