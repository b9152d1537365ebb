// The overview: the team's for managers, her own for a rep (../overview.ts): where each is called, without its schemas.
import { at } from './at';

export const teamVisits = at('GET', '/overview/visits');
export const teamCoverage = at('GET', '/overview/coverage');
export const teamTodos = at('GET', '/overview/todos');
export const teamBrands = at('GET', '/overview/brands');
export const teamExportXlsx = at('GET', '/overview/export.xlsx');
export const teamExportCsv = at('GET', '/overview/export.csv');
export const ownVisits = at('GET', '/my/overview/visits');
export const ownCoverage = at('GET', '/my/overview/coverage');
export const ownTodos = at('GET', '/my/overview/todos');
export const ownBrands = at('GET', '/my/overview/brands');
export const ownExportXlsx = at('GET', '/my/overview/export.xlsx');
export const ownExportCsv = at('GET', '/my/overview/export.csv');
export const teamFunnel = at('GET', '/overview/funnel');
export const ownFunnel = at('GET', '/my/overview/funnel');
