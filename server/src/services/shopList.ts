// GET /api/shops: the 20,000-shop list, serialised and compressed once per version of the data instead of
// on every request. A trigger raises list_versions.shops on every change to the tables the list is built
// from (migration 0001), so each instance knows with one tiny query whether its copy is still current.
// docs/decisions/018-shop-list-per-version.md. GET /api/shops/places, every shop's place (decision 071), is kept the
// same way under the same version.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { shopListItem } from '@prospectie/contract';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { listVersions } from '../db/schema.js';
import { listShops, listShopPlaces } from './shops.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface ShopListBody {
  version: number;
  /** A weak validator of the content (the same for every encoding of it). */
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const shopList = z.array(shopListItem);

/** The shop list, kept per version. */
export const createShopListCache = (db: Db) => createListCache(db, 'shop_list_version', async () => shopList.parse(await listShops(db)));

/** Every shop's place, kept per version (the shops' version: a place is a column of the shop). */
export const createShopPlacesCache = (db: Db) => createListCache(db, 'shop_places_version', () => listShopPlaces(db));

function createListCache(db: Db, statementName: string, read: () => Promise<unknown>) {
  const versionOf = db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.name, 'shops'))
    .prepare(statementName);
  let current: ShopListBody | null = null;
  let building: { version: number; body: Promise<ShopListBody> } | null = null;

  async function build(version: number): Promise<ShopListBody> {
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
    const [row] = await versionOf.execute();
    const version = Number(row?.version ?? 0);
    if (current?.version === version) return current;
    // Requests that miss at the same time share one build.
    if (building?.version !== version) {
      const mine = { version, body: build(version) };
      building = mine;
      mine.body.then(
        (body) => {
          if (building === mine) current = body;
        },
        () => {
          if (building === mine) building = null;
        },
      );
    }
    return building.body;
  };
}
