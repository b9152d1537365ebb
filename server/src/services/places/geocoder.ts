// Coordinates from a shop's address (docs/decisions/071-shop-coordinates-and-location.md): a geocoder with Nominatim's
// API at GEOCODER_URL, asked by the job queue only, never in a user's request; at most one request a second, one job
// at a time over all instances (its key), every answer kept so an address is asked once.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { JobHandler } from '../jobs/queue.js';

/** Addresses asked per job: a job holds its instance's queue about this many seconds. */
export const GEOCODE_BATCH = 5;
const GAP_MS = 1000;
const KEY = 'geocode';

/** The address as the geocoder is asked it, and the key its answer is kept by. */
const ADDRESS_QUERY = sql`lower(concat_ws(', ', nullif(trim(a.street1), ''), concat_ws(' ', a.postal_code, c.name), co.name))`;
const SHOPS_WITH_ADDRESS = sql`shops s join contacts ct on ct.id = s.contact_id join addresses a on a.id = ct.address_id
  join cities c on c.id = a.city_id join countries co on co.id = c.country_id`;

/** Queues the geocoding when some shop without a place has an address not asked yet; one such job at a time. */
export async function queueGeocoding(db: Db | Tx, runAt: 'now' | number = 'now'): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`insert into jobs (kind, key, run_at)
        select ${KEY}, ${KEY}, now() + make_interval(secs => ${runAt === 'now' ? 0 : runAt}::int)
        where exists (
          select 1 from ${SHOPS_WITH_ADDRESS}
          where s.latitude is null and not exists (select 1 from geocoded_addresses g where g.query = ${ADDRESS_QUERY} and g.latitude is null)
        )
        on conflict (key) do nothing returning id`,
  );
  return rows.length > 0;
}

type Found = { latitude: number; longitude: number } | null;

/** One answer of `limit=1` is a few hundred bytes: a service that sends more than this is not read on. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** The body as text, refused past MAX_ANSWER_BYTES, so a wrong address cannot make the server parse a flood. */
async function cappedText(res: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new Error('geocoder answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks the geocoder for one address: its first answer, null when it knows none; throws when it does not answer. */
async function ask(geocoderUrl: string, userAgent: string, query: string): Promise<Found> {
  const url = new URL('search', geocoderUrl.endsWith('/') ? geocoderUrl : `${geocoderUrl}/`);
  url.search = new URLSearchParams({ q: query, format: 'jsonv2', limit: '1', addressdetails: '0' }).toString();
  const res = await fetch(url, {
    headers: { 'user-agent': userAgent, 'accept-language': 'nl', accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  const body = JSON.parse(await cappedText(res)) as unknown;
  const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
  const latitude = Number(first?.lat);
  const longitude = Number(first?.lon);
  return first && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/** Gives every shop without a place whose address has an answer that place (source geocoder). */
const placeFromAnswers = (tx: Db | Tx) =>
  tx.execute(sql`update shops set latitude = g.latitude, longitude = g.longitude, coordinates_source = 'geocoder', coordinates_at = now()
    from contacts ct, addresses a, cities c, countries co, geocoded_addresses g
    where shops.latitude is null and ct.id = shops.contact_id and a.id = ct.address_id and c.id = a.city_id and co.id = c.country_id
      and g.query = ${ADDRESS_QUERY} and g.latitude is not null`);

export function geocodeJobHandler(db: Db, options: { geocoderUrl: string; userAgent: string; retrySeconds: number }): JobHandler {
  return async (job) => {
    await placeFromAnswers(db);
    const queries = (
      await rowsOf<{ query: string }>(
        db,
        sql`select distinct ${ADDRESS_QUERY} as query from ${SHOPS_WITH_ADDRESS}
            where s.latitude is null and not exists (select 1 from geocoded_addresses g where g.query = ${ADDRESS_QUERY})
            order by 1 limit ${GEOCODE_BATCH}`,
      )
    ).map((r) => r.query);
    let unavailable = false;
    for (const [i, query] of queries.entries()) {
      if (i > 0) await sleep(GAP_MS);
      let found: Found;
      try {
        found = await ask(options.geocoderUrl, options.userAgent, query);
      } catch {
        unavailable = true;
        break;
      }
      await db.execute(
        sql`insert into geocoded_addresses (query, latitude, longitude) values (${query}, ${found?.latitude ?? null}, ${found?.longitude ?? null})
            on conflict (query) do nothing`,
      );
    }
    // The next job (another instance's, maybe) asks no sooner than a second after this one's last request.
    if (queries.length) await sleep(GAP_MS);
    return {
      state: 'done',
      record: async (tx) => {
        await placeFromAnswers(tx);
        // This job's key goes with it; the next one, when addresses remain, takes it.
        await tx.execute(sql`update jobs set key = null where id = ${job.id}`);
        await queueGeocoding(tx, unavailable ? options.retrySeconds : 'now');
      },
    };
  };
}
