// The lists the app loads once: countries and their cities, brands, competitor brands, contact, visit and to-do types.
import { z } from 'zod';
import { endpoint, type Address } from '../endpoint';
import * as address from './addresses';
import { city, idParam, namedList, season } from '../index';

/** A list of ids and names: the spec's numbered types in their order, the others by name. */
const namedListAt = <const A extends Address>(at: A) => endpoint({ ...at, tags: ['reference'], responses: { 200: namedList } });

export const countries = namedListAt(address.countries);
/** The active FC70 brands (a deactivated or merged one stays on the visits that name it). */
export const brands = namedListAt(address.brands);
/** The active competitor brands. */
export const competitorBrands = namedListAt(address.competitorBrands);
export const contactTypes = namedListAt(address.contactTypes);
export const visitTypes = namedListAt(address.visitTypes);
export const todoTypes = namedListAt(address.todoTypes);
export const todoStatuses = namedListAt(address.todoStatuses);

export const citiesOfCountry = endpoint({
  ...address.citiesOfCountry,
  tags: ['reference'],
  params: idParam,
  responses: { 200: z.array(city) },
  errors: ['country_not_found'],
});

/** The seasons and their pre-order windows (decision 068), newest first: the overview's season filter, the windows' days left. */
export const seasons = endpoint({ ...address.seasons, tags: ['reference'], responses: { 200: z.array(season) } });
