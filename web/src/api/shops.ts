// Shop reads shared by several screens (the breadcrumbs show the shop's name too; new shops reload the list).
import { useQuery } from '@tanstack/react-query';
import type { Shop, ShopListItem, ShopProspection } from '@prospectie/contract';
import { api } from './client';

export const shopKeys = {
  all: ['shops'] as const,
  list: ['shops', 'list'] as const,
  detail: (id: number) => ['shops', id] as const,
  prospections: (id: number) => ['shops', id, 'prospections'] as const,
};

export function useShop(id: number | undefined) {
  return useQuery({
    queryKey: shopKeys.detail(id ?? 0),
    queryFn: () => api<Shop>(`/shops/${id}`),
    enabled: id !== undefined,
  });
}

/** Every shop for the Home select; a new shop invalidates `shopKeys.list`. */
export function useShopList() {
  return useQuery({
    queryKey: shopKeys.list,
    queryFn: () => api<ShopListItem[]>('/shops'),
    staleTime: 5 * 60 * 1000,
  });
}

/** A shop's visits, newest first; `limit` keeps only the most recent ones. */
export function useShopProspections(id: number, limit?: number) {
  return useQuery({
    queryKey: [...shopKeys.prospections(id), limit ?? 'all'],
    queryFn: () => api<ShopProspection[]>(`/shops/${id}/prospections${limit ? `?limit=${limit}` : ''}`),
  });
}
