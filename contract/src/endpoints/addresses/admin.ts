// The administration, beheerder only (../admin.ts): where each is called, without its schemas.
import { at } from './at';

export const adminPeople = at('GET', '/admin/people');
export const createPerson = at('POST', '/admin/people');
export const updatePerson = at('PATCH', '/admin/people/:userId');
export const adminBrands = at('GET', '/admin/brands');
export const createBrand = at('POST', '/admin/brands');
export const updateBrand = at('PATCH', '/admin/brands/:id');
export const mergeBrand = at('POST', '/admin/brands/:id/merge');
export const adminCompetitorBrands = at('GET', '/admin/competitor-brands');
export const createCompetitorBrand = at('POST', '/admin/competitor-brands');
export const updateCompetitorBrand = at('PATCH', '/admin/competitor-brands/:id');
export const mergeCompetitorBrand = at('POST', '/admin/competitor-brands/:id/merge');
export const mergeShop = at('POST', '/admin/shops/:id/merge');
export const shopMergeCandidates = at('GET', '/admin/shops/:id/merge-candidates');
export const auditLog = at('GET', '/admin/log');
export const importColumns = at('POST', '/admin/imports/columns');
export const importCities = at('POST', '/admin/imports/cities');
export const importShops = at('POST', '/admin/imports/shops');
export const createSeason = at('POST', '/admin/seasons');
export const updateSeason = at('PUT', '/admin/seasons/:id');
export const deleteSeason = at('DELETE', '/admin/seasons/:id');
