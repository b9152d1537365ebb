// Visits and their parts (../prospections.ts): where each is called, without its schemas.
import { at } from './at';

export const prospectionById = at('GET', '/prospections/:id');
export const brandsOfProspection = at('GET', '/prospections/:id/brands');
export const competitorBrandsOfProspection = at('GET', '/prospections/:id/competitorbrands');
export const brandInterestsOfProspection = at('GET', '/prospections/:id/brandinterests');
export const todosOfProspection = at('GET', '/prospections/:id/todos');
export const createProspection = at('POST', '/prospections');
export const replaceProspectionBrands = at('PUT', '/prospections/:id/brands');
export const replaceProspectionCompetitorBrands = at('PUT', '/prospections/:id/competitorbrands');
export const replaceProspectionBrandInterests = at('PUT', '/prospections/:id/brandinterests');
export const replaceProspectionTodos = at('PUT', '/prospections/:id/todos');
