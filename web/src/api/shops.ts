// Shop reads shared by several screens (the breadcrumbs show the shop's name too).
import { useQuery } from '@tanstack/react-query';
import type { Shop } from '@prospectie/contract';
import { api } from './client';

export const shopKeys = {
  all: ['shops'] as const,
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
