// Where shops are (docs/decisions/071-shop-coordinates-and-location.md): a rep's position in a shop without a place,
// the administration's list of shops without one, and its pin.
import { sql } from 'drizzle-orm';
import type { Coordinates, ShopMap, ShopPlace, ShopsWithoutPlacePage } from '@prospectie/contract';
import { PIPELINE_STAGE, PIPELINE_STATUSES } from '@prospectie/contract/pipeline';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { DomainError } from '../../errors.js';
import { writeAudit } from '../audit.js';

const placeOf = (r: { latitude: number | null; longitude: number | null; source: string | null }): ShopPlace | null =>
  r.latitude === null || r.longitude === null
    ? null
    : { latitude: r.latitude, longitude: r.longitude, source: r.source as ShopPlace['source'] };

/** 'Ik sta in deze winkel': her position becomes the shop's place only when it has none. Nothing else keeps it. */
export async function placeFromRep(db: Db, shopId: number, here: Coordinates) {
  const [placed] = await rowsOf<{ latitude: number; longitude: number; source: string }>(
    db,
    sql`update shops set latitude = ${here.latitude}, longitude = ${here.longitude}, coordinates_source = 'rep', coordinates_at = now()
        where id = ${shopId}::int and latitude is null
        returning latitude, longitude, coordinates_source as source`,
  );
  if (placed) return { placed: true, place: placeOf(placed) };
  const [shop] = await rowsOf<{ latitude: number | null; longitude: number | null; source: string | null }>(
    db,
    sql`select latitude, longitude, coordinates_source as source from shops where id = ${shopId}::int`,
  );
  if (!shop) throw new DomainError('shop_not_found', 'shop not found');
  return { placed: false, place: placeOf(shop) };
}

/** A beheerder's pin, whatever the shop had; logged with the place before and after. */
export async function placeByBeheerder(db: Db, actorUserId: number, shopId: number, at: Coordinates): Promise<ShopPlace> {
  return db.transaction(async (tx) => {
    const [before] = await rowsOf<{ latitude: number | null; longitude: number | null; source: string | null }>(
      tx,
      sql`select latitude, longitude, coordinates_source as source from shops where id = ${shopId}::int for update`,
    );
    if (!before) throw new DomainError('shop_not_found', 'shop not found');
    await tx.execute(
      sql`update shops set latitude = ${at.latitude}, longitude = ${at.longitude}, coordinates_source = 'beheerder', coordinates_at = now()
          where id = ${shopId}::int`,
    );
    const after: ShopPlace = { ...at, source: 'beheerder' };
    await writeAudit(tx, { actorUserId, action: 'shop.place', entity: 'shop', entityId: shopId, before: placeOf(before), after });
    return after;
  });
}

export async function shopsWithoutPlace(db: Db, query: { after?: number; limit: number }): Promise<ShopsWithoutPlacePage> {
  const rows = await rowsOf<{ shop_id: number; name: string; street: string | null; postal_code: string | null; city: string | null }>(
    db,
    sql`select s.id as shop_id, s.name, a.street1 as street, a.postal_code, c.name as city
        from shops s left join contacts ct on ct.id = s.contact_id left join addresses a on a.id = ct.address_id
        left join cities c on c.id = a.city_id
        where s.latitude is null and s.id > ${query.after ?? 0}::int
        order by s.id limit ${query.limit + 1}`,
  );
  const [{ total }] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from shops where latitude is null`);
  const page = rows.slice(0, query.limit);
  return {
    shops: page.map((r) => ({ shopId: Number(r.shop_id), name: r.name, street: r.street, postalCode: r.postal_code, city: r.city })),
    total: Number(total),
    nextAfter: rows.length > query.limit ? Number(page[page.length - 1].shop_id) : null,
  };
}

/** How far a status is along the pipeline, in SQL: a shop's furthest status over its brands is its map colour. */
const STAGE = sql.raw(`case status ${PIPELINE_STATUSES.map((st) => `when '${st}' then ${PIPELINE_STAGE[st]}`).join(' ')} end`);

/** The map's rows (see the contract's shopMap), kept per version by services/shopList.ts. */
export async function shopMapRows(db: Db, brandId?: number): Promise<ShopMap> {
  const [shopsRows, statusRows] = await Promise.all([
    rowsOf<{ id: number; rep: number | null }>(
      db,
      sql`select id, assigned_employee_id as rep from shops where latitude is not null order by id`,
    ),
    rowsOf<{ shop_id: number; status: ShopMap[number][1] }>(
      db,
      sql`select distinct on (shop_id) shop_id, status from pipeline_statuses
          ${brandId ? sql`where brand_id = ${brandId}::int` : sql``}
          order by shop_id, ${STAGE} desc`,
    ),
  ]);
  const statusOf = new Map(statusRows.map((r) => [Number(r.shop_id), r.status]));
  return shopsRows.map((r) => [Number(r.id), statusOf.get(Number(r.id)) ?? null, r.rep === null ? null : Number(r.rep)]);
}
