// Reference lists the app loads once: countries, cities, brands, competitor brands, contact and visit types.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { city, idParam, namedList as namedListSchema } from '@prospectie/contract';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { citiesOf, NAMED_LISTS, namedList } from '../services/reference.js';

export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const path of Object.keys(NAMED_LISTS) as (keyof typeof NAMED_LISTS)[]) {
    app.get(path, { schema: { tags: ['reference'], response: { 200: namedListSchema } } }, async () => namedList(db, path));
  }

  app.get(
    '/countries/:id/cities',
    { config: { errors: ['country_not_found'] }, schema: { tags: ['reference'], params: idParam, response: { 200: z.array(city) } } },
    async (request) => citiesOf(db, request.params.id),
  );
};
