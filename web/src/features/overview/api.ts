// The overview's reads: the team's figures under /api/overview, or her own under /api/my/overview (Mijn overzicht).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  City,
  Employee,
  NamedItem,
  OverviewBrands,
  OverviewCoverage,
  OverviewQueryInput,
  OverviewTodos,
  OverviewVisits,
} from '@prospectie/contract';
import { api } from '../../api/client';
import { referenceKey, referencePaths } from '../../api/reference';
import { apiQuery } from './period';

interface Figures {
  visits: OverviewVisits;
  coverage: OverviewCoverage;
  todos: OverviewTodos;
  brands: OverviewBrands;
}

/** One figure of the overview for a view; the figures of the view before stay shown while a new one loads. */
export function useOverviewFigure<K extends keyof Figures>(figure: K, query: OverviewQueryInput, own: boolean) {
  const path = `${own ? '/my/overview' : '/overview'}/${figure}?${apiQuery(query, own)}`;
  return useQuery({ queryKey: ['overview', path], queryFn: () => api<Figures[K]>(path), placeholderData: keepPreviousData });
}

/** Coverage, its list of shops not visited a page at a time ('Meer tonen' asks for the next). */
export function useOverviewCoverage(query: OverviewQueryInput, own: boolean) {
  const path = `${own ? '/my/overview' : '/overview'}/coverage?${apiQuery(query, own)}`;
  return useInfiniteQuery({
    queryKey: ['overview', path],
    queryFn: ({ pageParam }) => api<OverviewCoverage>(`${path}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    placeholderData: keepPreviousData,
  });
}

const referenceList = <T>(path: string) => ({ queryKey: referenceKey(path), queryFn: () => api<T[]>(path), staleTime: Infinity });

/** The filters' choices: the reps, the FC70 brands, the countries and the chosen country's cities. */
export function useFilterChoices(countryId: number | undefined) {
  return {
    employees: useQuery(referenceList<Employee>(referencePaths.employees)),
    brands: useQuery(referenceList<NamedItem>(referencePaths.brands)),
    countries: useQuery(referenceList<NamedItem>(referencePaths.countries)),
    // The same key as the new-shop wizard's list of the country's cities.
    cities: useQuery({
      queryKey: [...referenceKey(referencePaths.countries), countryId, 'cities'],
      queryFn: () => api<City[]>(`/countries/${countryId}/cities`),
      enabled: countryId !== undefined,
      staleTime: Infinity,
    }),
  };
}
