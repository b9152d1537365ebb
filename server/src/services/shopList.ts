// GET /api/shops: the 20,000-shop list, serialised and compressed once per version of the data instead of
// on every request. A trigger raises list_versions.shops on every change to the tables the list is built
// from (migration 0001), so each instance knows with one tiny query whether its copy is still current.
// docs/decisions/018-shop-list-per-version.md. GET /api/shops/places, every shop's place (decision 071), is kept the
// same way under the same version.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { shopListItem } from '@prospectie/contract';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { listVersions, pipelineHistory } from '../db/schema.js';
import { listShops, listShopPlaces } from './shops.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface ShopListBody {
  /** What the body was built from (the shops' version, and for the map the pipeline's last change). */
  version: string;
  /** A weak validator of the content (the same for every encoding of it). */
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const shopList = z.array(shopListItem);

/** The shops' version: raised by a trigger on every change to the tables the lists are built from (migration 0001). */
function shopsVersion(db: Db, statementName: string) {
  const versionOf = db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.name, 'shops'))
    .prepare(statementName);
  return async () => String((await versionOf.execute())[0]?.version ?? 0);
}

/** The shop list, kept per version. */
export const createShopListCache = (db: Db) =>
  createListCache(shopsVersion(db, 'shop_list_version'), async () => shopList.parse(await listShops(db)));

/** Every shop's place, kept per version (the shops' version: a place is a column of the shop). */
export const createShopPlacesCache = (db: Db) => createListCache(shopsVersion(db, 'shop_places_version'), () => listShopPlaces(db));

/** Brands whose map is kept beside the whole map's: a query may name any number, the memory holds a few. */
const MAP_BRANDS_KEPT = 16;
/**
 * A status can go without a new history row only when a replay finds a shop's last visit gone (a deleted visit):
 * the map is then built again after this long at most.
 */
const MAP_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * The map's rows (GET /api/map/shops, decision 071), kept per version like the lists: the shops' version and the
 * pipeline's last change (every status change writes a history row, whose id only grows), one body per brand asked.
 */
export function createShopMapCache(db: Db, read: (brandId: number | undefined) => Promise<unknown>) {
  const shops = shopsVersion(db, 'shop_map_version');
  const lastChange = db
    .select({ id: sql<number>`max(${pipelineHistory.id})` })
    .from(pipelineHistory)
    .prepare('shop_map_pipeline_version');
  const version = async () => `${await shops()}/${(await lastChange.execute())[0]?.id ?? 0}`;
  const kept = new Map<string, () => Promise<ShopListBody>>();
  return (brandId: number | undefined) => {
    const key = String(brandId ?? 'all');
    let get = kept.get(key);
    if (!get) {
      get = createListCache(version, () => read(brandId), MAP_MAX_AGE_MS);
      kept.set(key, get);
      // The first kept (the whole map's, usually) stays; the oldest brand's goes.
      if (kept.size > MAP_BRANDS_KEPT + 1) kept.delete([...kept.keys()][1]);
    }
    return get();
  };
}

/** A body built once per version (and, with `maxAgeMs`, at least that often), shared by the requests that ask meanwhile. */
function createListCache(versionOf: () => Promise<string>, read: () => Promise<unknown>, maxAgeMs = Infinity) {
  let current: { body: ShopListBody; builtAt: number } | null = null;
  let building: { version: string; body: Promise<ShopListBody>; settled: boolean } | null = null;

  async function build(version: string): Promise<ShopListBody> {
    // Read after the version: the list is at least as new as the version it is kept under.
    const json = Buffer.from(JSON.stringify(await read()));
    // Once per version, off the main thread (zlib's thread pool): tens of milliseconds for 20,000 shops.
    const [gz, br] = await Promise.all([
      gzipAsync(json, { level: 9 }),
      brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
    ]);
    return { version, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, json, gzip: gz, br };
  }

  return async function get(): Promise<ShopListBody> {
    const version = await versionOf();
    if (current?.body.version === version && performance.now() - current.builtAt < maxAgeMs) return current.body;
    // Requests that miss at the same time share one build.
    if (!building || building.version !== version || building.settled) {
      const mine = { version, body: build(version), settled: false };
      building = mine;
      mine.body.then(
        (body) => {
          mine.settled = true;
          if (building === mine) current = { body, builtAt: performance.now() };
        },
        () => {
          mine.settled = true;
        },
      );
    }
    return building.body;
  };
}
