// The lists of brands and people several screens keep (the wizard's selects, the calendar's colleagues):
// their keys live here, so the administration refreshes them after a change without knowing those screens.
import type { QueryClient } from '@tanstack/react-query';
import type { BrandKind, Employee, NamedItem } from '@prospectie/contract';
import { api } from './client';

/** A reference list's query key: the path it is read from. */
export const referenceKey = (path: string) => ['reference', path] as const;

export const referencePaths = {
  brands: '/brands',
  competitorBrands: '/competitorbrands',
  employees: '/employees',
  /** The countries; a country's cities are kept under it (`[...referenceKey('/countries'), id, 'cities']`). */
  countries: '/countries',
} as const;

const referenceList = <T>(path: string) => ({
  queryKey: referenceKey(path),
  queryFn: () => api<T[]>(path),
  staleTime: Infinity,
});

/**
 * The wizard's lists. They live here, not beside the wizard, so the offline warm-up can fetch them ahead without
 * loading the wizard's code and its schemas (zod took ~250 ms of a mid-tier phone's main thread: issue 25).
 */
export const wizardReference = {
  brands: referenceList<NamedItem>(referencePaths.brands),
  competitorBrands: referenceList<NamedItem>(referencePaths.competitorBrands),
  contactTypes: referenceList<NamedItem>('/contacttypes'),
  visitTypes: referenceList<NamedItem>('/visittypes'),
  employees: referenceList<Employee>(referencePaths.employees),
};

/** The lists the app fetches ahead, so a visit can be recorded with no signal (docs/decisions/007-offline.md). */
export const wizardReferenceQueries = Object.values(wizardReference);

/** The calendar's list of colleagues to compare with (`/employees` too, kept apart for its own freshness). */
export const colleaguesKey = ['employees'] as const;

/** After a person was added, changed, deactivated or reactivated: the assignee and colleague lists. */
export function refreshPeopleLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: referenceKey(referencePaths.employees) });
  void queryClient.invalidateQueries({ queryKey: colleaguesKey, exact: true });
}

/** After a brand of `kind` was added, renamed, deactivated, reactivated or merged: the wizard's list of that kind. */
export function refreshBrandList(queryClient: QueryClient, kind: BrandKind) {
  const path = kind === 'brands' ? referencePaths.brands : referencePaths.competitorBrands;
  void queryClient.invalidateQueries({ queryKey: referenceKey(path) });
}

/** After an import of cities and postal codes: the countries and every country's cities (the new-shop wizard's selects). */
export function refreshPlaceLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: referenceKey(referencePaths.countries) });
}
