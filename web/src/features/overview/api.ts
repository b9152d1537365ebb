// The overview's reads: the team's figures under /overview, or her own under /my/overview (Mijn overzicht).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { OverviewQueryInput } from '@prospectie/contract';
import {
  brands,
  citiesOfCountry,
  countries,
  employees,
  ownBrands,
  ownCoverage,
  ownExportCsv,
  ownExportXlsx,
  ownTodos,
  ownVisits,
  teamBrands,
  teamCoverage,
  teamExportCsv,
  teamExportXlsx,
  teamTodos,
  teamVisits,
} from '@prospectie/contract/endpoints/addresses';
import { call, callPath, type CallResult } from '../../api/call';
import { countryCitiesKey, referenceQuery } from '../../api/reference';
import { apiQuery } from './period';

/** The overview's endpoints: the team's (manager, beheerder) or her own (Mijn overzicht). */
const endpoints = {
  team: { visits: teamVisits, coverage: teamCoverage, todos: teamTodos, brands: teamBrands, xlsx: teamExportXlsx, csv: teamExportCsv },
  own: { visits: ownVisits, coverage: ownCoverage, todos: ownTodos, brands: ownBrands, xlsx: ownExportXlsx, csv: ownExportCsv },
};
export const overviewEndpoints = (own: boolean) => endpoints[own ? 'own' : 'team'];

type Figure = 'visits' | 'todos' | 'brands';

/** One figure of the overview for a view; the figures of the view before stay shown while a new one loads. */
export function useOverviewFigure<K extends Figure>(figure: K, query: OverviewQueryInput, own: boolean) {
  // The team's figure and her own answer alike (each pair is declared with the same answer).
  const endpoint: (typeof endpoints)['team' | 'own'][Figure] = overviewEndpoints(own)[figure];
  const input = { query: apiQuery(query, own) };
  return useQuery({
    queryKey: ['overview', callPath(endpoint, input)],
    queryFn: () => call(endpoint, input) as Promise<CallResult<(typeof endpoints)['team'][K]>>,
    placeholderData: keepPreviousData,
  });
}

/** Coverage, its list of shops not visited a page at a time ('Meer tonen' asks for the next). */
export function useOverviewCoverage(query: OverviewQueryInput, own: boolean) {
  const endpoint = overviewEndpoints(own).coverage;
  const filters = apiQuery(query, own);
  return useInfiniteQuery({
    queryKey: ['overview', callPath(endpoint, { query: filters })],
    queryFn: ({ pageParam }) => call(endpoint, { query: { ...filters, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The filters' choices: the reps, the FC70 brands, the countries and the chosen country's cities. */
export function useFilterChoices(countryId: number | undefined) {
  return {
    employees: useQuery(referenceQuery(employees)),
    brands: useQuery(referenceQuery(brands)),
    countries: useQuery(referenceQuery(countries)),
    // The same key as the new-shop wizard's list of the country's cities.
    cities: useQuery({
      queryKey: countryCitiesKey(countryId),
      queryFn: () => call(citiesOfCountry, { params: { id: countryId! } }),
      enabled: countryId !== undefined,
      staleTime: Infinity,
    }),
  };
}
