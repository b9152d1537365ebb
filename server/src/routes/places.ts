// Where shops are (docs/decisions/071-shop-coordinates-and-location.md). Each endpoint is declared in
// contract/src/endpoints/places.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentUser } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { placeByBeheerder, placeFromRep, shopMapRows, shopsWithoutPlace as withoutPlace } from '../services/places/places.js';
import { createShopMapCache } from '../services/shopList.js';
import { route } from './declared.js';
import { sendListBody } from './sendList.js';

const { hereInShop, mapSettings, placeShop, shopMap, shopsWithoutPlace } = endpoints;

export const placeRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  route(app, mapSettings, async () => ({ tileUrl: config.mapTiles.url, attribution: config.mapTiles.attribution }));

  // The accuracy is checked by the contract and not kept: only the position, and only for a shop without a place.
  route(app, hereInShop, async (request) => placeFromRep(db, request.params.id, request.body));

  // Kept per version of the shops and the pipeline (services/shopList.ts): 20,000 rows are read once, not per request.
  const shopMapBody = createShopMapCache(db, (brandId) => shopMapRows(db, brandId));
  route(app, shopMap, async (request, reply) => sendListBody(request, reply, await shopMapBody(request.query.brandId)));

  route(app, shopsWithoutPlace, async (request) => withoutPlace(db, request.query));

  route(app, placeShop, async (request) => placeByBeheerder(db, currentUser(request).userId, request.params.id, request.body));
};
