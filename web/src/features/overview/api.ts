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
  ownFunnel,
  ownTodos,
  ownVisits,
  teamBrands,
  teamCoverage,
  teamExportCsv,
  teamExportXlsx,
  teamFunnel,
  teamTodos,
  teamVisits,
  seasons,
} from '@prospectie/contract/endpoints/addresses';
import { call, callPath, type CallResult } from '../../api/call';
import { countryCitiesKey, referenceKey, referenceQuery } from '../../api/reference';
import { apiQuery } from './period';

/** The overview's endpoints: the team's (manager, beheerder) or her own (Mijn overzicht). */
const endpoints = {
  team: {
    visits: teamVisits,
    coverage: teamCoverage,
    todos: teamTodos,
    brands: teamBrands,
    funnel: teamFunnel,
    xlsx: teamExportXlsx,
    csv: teamExportCsv,
  },
  own: {
    visits: ownVisits,
    coverage: ownCoverage,
    todos: ownTodos,
    brands: ownBrands,
    funnel: ownFunnel,
    xlsx: ownExportXlsx,
    csv: ownExportCsv,
  },
};
export const overviewEndpoints = (own: boolean) => endpoints[own ? 'own' : 'team'];

type Figure = 'visits' | 'todos' | 'brands' | 'funnel';

/** The funnel's query: the overview's, with a season's window as its period and the season (decision 068). */
export type FunnelQueryInput = OverviewQueryInput & { seasonId?: number };

/**
 * One figure of the overview for a view; the figures of the view before stay shown while a new one loads. Not asked
 * while `enabled` is false (the funnel waits for its season's window).
 */
export function useOverviewFigure<K extends Figure>(
  figure: K,
  query: K extends 'funnel' ? FunnelQueryInput : OverviewQueryInput,
  own: boolean,
  enabled = true,
) {
  // The team's figure and her own answer alike (each pair is declared with the same answer).
  const endpoint: (typeof endpoints)['team' | 'own'][Figure] = overviewEndpoints(own)[figure];
  const input = { query: apiQuery(query, own) };
  return useQuery({
    queryKey: ['overview', callPath(endpoint, input)],
    queryFn: () => call(endpoint, input) as Promise<CallResult<(typeof endpoints)['team'][K]>>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The seasons with their windows, newest first: the funnel's choice. Under the reference key the administration refreshes. */
export function useSeasons() {
  return useQuery({ queryKey: referenceKey(seasons), queryFn: () => call(seasons), staleTime: Infinity });
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
