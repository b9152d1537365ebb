// The lists of brands and people several screens keep (the wizard's selects, the calendar's colleagues):
// their keys live here, so the administration refreshes them after a change without knowing those screens.
import type { QueryClient } from '@tanstack/react-query';
import type { BrandKind } from '@prospectie/contract';
import type { Address } from '@prospectie/contract/endpoint';
import {
  brands,
  competitorBrands,
  contactTypes,
  countries,
  employees,
  seasons,
  visitTypes,
} from '@prospectie/contract/endpoints/addresses';
import { call, type CallResult } from './call';

/** The lists kept for long; the countries keep each country's cities under them (`countryCitiesKey`). */
export const referenceLists = { brands, competitorBrands, contactTypes, visitTypes, employees, countries, seasons };
type ReferenceList = (typeof referenceLists)[keyof typeof referenceLists];

/** A reference list's query key: the path it is read from (kept on devices: it stays the path). */
export const referenceKey = (list: Address) => ['reference', list.path] as const;
/** A country's cities, kept under the countries: an import of places refreshes them all at once. */
export const countryCitiesKey = (countryId: number | undefined) => [...referenceKey(countries), countryId, 'cities'] as const;

/** A reference list's read: asked once, kept until something changes it. */
export const referenceQuery = <L extends ReferenceList>(list: L) => ({
  queryKey: referenceKey(list),
  // One call serves every list; each list's answer is its own declaration's.
  queryFn: () => call<ReferenceList>(list) as Promise<CallResult<L>>,
  staleTime: Infinity,
});

/**
 * The wizard's lists. They live here, not beside the wizard, so the offline warm-up can fetch them ahead without
 * loading the wizard's code and its schemas (zod took ~250 ms of a mid-tier phone's main thread, decision 039).
 */
export const wizardReference = {
  brands: referenceQuery(brands),
  competitorBrands: referenceQuery(competitorBrands),
  contactTypes: referenceQuery(contactTypes),
  visitTypes: referenceQuery(visitTypes),
  employees: referenceQuery(employees),
};

/** The lists the app fetches ahead, so a visit can be recorded with no signal (docs/decisions/007-offline.md). */
export const wizardReferenceQueries = Object.values(wizardReference);

/** The seasons and their pre-order windows (decision 068), newest first: kept by the administration, read by other screens. */
export const seasonsQuery = referenceQuery(seasons);

/** The calendar's list of colleagues to compare with (`/employees` too, kept apart for its own freshness). */
export const colleaguesKey = ['employees'] as const;

/** After a person was added, changed, deactivated or reactivated: the assignee and colleague lists. */
export function refreshPeopleLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: referenceKey(employees) });
  void queryClient.invalidateQueries({ queryKey: colleaguesKey, exact: true });
}

/** After a brand of `kind` was added, renamed, deactivated, reactivated or merged: the wizard's list of that kind. */
export function refreshBrandList(queryClient: QueryClient, kind: BrandKind) {
  void queryClient.invalidateQueries({ queryKey: referenceKey(kind === 'brands' ? brands : competitorBrands) });
}

/** After an import of cities and postal codes: the countries and every country's cities (the new-shop wizard's selects). */
export function refreshPlaceLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: referenceKey(countries) });
}

/** After a season was added, changed or deleted: every screen's list of seasons. */
export const refreshSeasons = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: referenceKey(seasons) });
