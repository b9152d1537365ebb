// The lists the app loads once (../reference.ts): where each is called, without its schemas.
import { at } from './at';

export const countries = at('GET', '/countries');
export const brands = at('GET', '/brands');
export const competitorBrands = at('GET', '/competitorbrands');
export const contactTypes = at('GET', '/contacttypes');
export const visitTypes = at('GET', '/visittypes');
export const todoTypes = at('GET', '/todotypes');
export const todoStatuses = at('GET', '/todostatuses');
export const citiesOfCountry = at('GET', '/countries/:id/cities');
export const seasons = at('GET', '/seasons');
