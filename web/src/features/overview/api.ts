// The overview's reads: the team's figures under /api/overview, or her own under /api/my/overview (Mijn overzicht).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
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

const referenceList = <T>(path: string) => ({ queryKey: referenceKey(path), queryFn: () => api<T[]>(path), staleTime: Infinity });

/** The filters' choices: the reps and the FC70 brands. */
export function useFilterChoices() {
  return {
    employees: useQuery(referenceList<Employee>(referencePaths.employees)),
    brands: useQuery(referenceList<NamedItem>(referencePaths.brands)),
  };
}
