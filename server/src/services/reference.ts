// Reference lists the app loads once: countries, cities, brands, competitor brands, contact, visit and to-do types.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands, cities, competitorBrands, contactTypes, countries, todoStatuses, todoTypes, visitTypes } from '../db/schema.js';
import { DomainError } from '../errors.js';

/** The named lists by their path; the spec's numbered types in their order, the others by name. */
export const NAMED_LISTS = {
  '/countries': countries,
  '/brands': brands,
  '/competitorbrands': competitorBrands,
  '/contacttypes': contactTypes,
  '/visittypes': visitTypes,
  '/todotypes': todoTypes,
  '/todostatuses': todoStatuses,
};
const NUMBERED = new Set(['/contacttypes', '/visittypes', '/todotypes', '/todostatuses']);

export function namedList(db: Db, path: keyof typeof NAMED_LISTS) {
  const table = NAMED_LISTS[path];
  return (
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      // The wizard offers active brands only; a deactivated or merged one stays on the visits that name it (decision 029).
      .where('active' in table ? eq(table.active, true) : undefined)
      .orderBy(NUMBERED.has(path) ? asc(table.id) : asc(table.name))
  );
}

export async function citiesOf(db: Db, countryId: number) {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  if (!country) throw new DomainError('country_not_found', 'country not found');
  return db
    .select({ id: cities.id, name: cities.name, postalCode: cities.postalCode })
    .from(cities)
    .where(eq(cities.countryId, country.id))
    .orderBy(asc(cities.name), asc(cities.postalCode));
}
