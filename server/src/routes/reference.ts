// Reference lists the app loads once: countries, cities, brands, competitor brands, contact and visit types, seasons. Each
// endpoint is declared in contract/src/endpoints/reference.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import type { Db } from '../db/client.js';
import { citiesOf, namedList } from '../services/reference.js';
import { listSeasons } from '../services/seasons.js';
import { route } from './declared.js';

const { brands, citiesOfCountry, competitorBrands, contactTypes, countries, seasons, todoStatuses, todoTypes, visitTypes } = endpoints;

export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Each list is read from the table its path names (services/reference.ts: NAMED_LISTS).
  for (const list of [countries, brands, competitorBrands, contactTypes, visitTypes, todoTypes, todoStatuses]) {
    route(app, list, async () => namedList(db, list.path));
  }

  route(app, citiesOfCountry, async (request) => citiesOf(db, request.params.id));

  route(app, seasons, async () => listSeasons(db));
};
