// The name and city of each shop by id, from the shop list the device keeps (the places carry only coordinates).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ShopListItem } from '@prospectie/contract';
import { shopListQuery } from '../../api/shops';

/** `enabled: false` reads only what the device holds already. */
export function useShopNames(enabled = true): ReadonlyMap<number, ShopListItem> {
  const shops = useQuery({ ...shopListQuery, enabled });
  return useMemo(() => new Map((shops.data ?? []).map((shop) => [shop.id, shop])), [shops.data]);
}
