// Home's read: every shop for the shop select.
import { useQuery } from '@tanstack/react-query';
import type { ShopListItem } from '@prospectie/contract';
import { api } from '../../api/client';
import { shopKeys } from '../../api/shops';

/** Every shop; a new shop invalidates `shopKeys.list`, so it shows up at once. */
export const shopListQuery = {
  queryKey: shopKeys.list,
  queryFn: () => api<ShopListItem[]>('/shops'),
  staleTime: 5 * 60 * 1000,
};

export function useShopList() {
  return useQuery(shopListQuery);
}
