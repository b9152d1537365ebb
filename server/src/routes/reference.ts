// Reference lists the app loads once: countries, cities, brands, competitor brands, contact and visit types.
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { city, idParam, namedList } from '@prospectie/contract';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { brands, cities, competitorBrands, contactTypes, countries, todoStatuses, todoTypes, visitTypes } from '../db/schema.js';
import { DomainError } from '../errors.js';

const namedTables = {
  '/countries': countries,
  '/brands': brands,
  '/competitorbrands': competitorBrands,
  '/contacttypes': contactTypes,
  '/visittypes': visitTypes,
  '/todotypes': todoTypes,
  '/todostatuses': todoStatuses,
};

export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const [url, table] of Object.entries(namedTables)) {
    const byName = url === '/contacttypes' || url === '/visittypes' || url.startsWith('/todo') ? asc(table.id) : asc(table.name);
    app.get(url, { schema: { tags: ['reference'], response: { 200: namedList } } }, async () =>
      db.select({ id: table.id, name: table.name }).from(table).orderBy(byName),
    );
  }

  app.get(
    '/countries/:id/cities',
    { config: { errors: ['country_not_found'] }, schema: { tags: ['reference'], params: idParam, response: { 200: z.array(city) } } },
    async (request) => {
      const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, request.params.id));
      if (!country) throw new DomainError('country_not_found', 'country not found');
      return db
        .select({ id: cities.id, name: cities.name, postalCode: cities.postalCode })
        .from(cities)
        .where(eq(cities.countryId, country.id))
        .orderBy(asc(cities.name), asc(cities.postalCode));
    },
  );
};
