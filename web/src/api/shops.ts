// Shop reads shared by several screens (the breadcrumbs show the shop's name too; new shops reload the list).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { routeId } from '../lib/routeId';
import { prospectionsOfShop, shopById, shopList, shopPlaces } from '@prospectie/contract/endpoints/addresses';
import { call, callList } from './call';
import { retryOnMountUnlessNotFound } from './queryRules';

export const shopKeys = {
  all: ['shops'] as const,
  /** Home's shop list; the new-shop wizard invalidates it. */
  list: ['shops', 'list'] as const,
  /** Where the placed shops are: the map, In de buurt, the order of a day's visits (decision 071). */
  places: ['shops', 'places'] as const,
  detail: (id: number) => ['shops', id] as const,
  prospections: (id: number) => ['shops', id, 'prospections'] as const,
};

/** Every shop (Home's search, the calendar's shop field); a new shop invalidates `shopKeys.list`, so it shows up at once. */
export const shopListQuery = {
  queryKey: shopKeys.list,
  // Read and parsed in a worker: 20,000 shops kept the main thread busy for about a second. No abort
  // signal: leaving Home while the list loads must not cancel it (the device keeps it for offline use).
  queryFn: () => callList(shopList),
  staleTime: 5 * 60 * 1000,
};

/**
 * Every placed shop as [id, latitude, longitude], kept on the device as the shop list is (and fetched ahead with it),
 * so In de buurt and the map work without a connection. Read in a worker like the list: 20,000 places are ~0.5 MB.
 */
export const shopPlacesQuery = {
  queryKey: shopKeys.places,
  queryFn: () => callList(shopPlaces),
  staleTime: 5 * 60 * 1000,
};

const shopQuery = (id: number) => ({ queryKey: shopKeys.detail(id), queryFn: () => call(shopById, { params: { id } }) });

/** The shop `id`; `enabled: false` reads only what this tab already holds. */
export function useShop(id: number | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const query = shopQuery(id ?? 0);
  return useQuery({ ...query, enabled: enabled && id !== undefined, retryOnMount: retryOnMountUnlessNotFound });
}

/** Asks for the shop a page opened on before that page renders (its name is the page's heading and last breadcrumb). */
export function prefetchShop(queryClient: QueryClient, shopId: string | undefined): Promise<void> | undefined {
  const id = routeId(shopId);
  return id === undefined ? undefined : queryClient.prefetchQuery(shopQuery(id));
}

/** A shop's visits, newest first; `limit` keeps only the most recent ones. */
export function useShopProspections(id: number, limit?: number) {
  return useQuery({
    queryKey: [...shopKeys.prospections(id), limit ?? 'all'],
    queryFn: () => call(prospectionsOfShop, { params: { id }, query: { limit } }),
  });
}
