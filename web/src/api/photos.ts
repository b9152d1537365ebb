// Reading a visit's pictures and a shop's timeline of them (decision 035); the visit detail and the shop page both ask.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { photosOfProspection, photosOfShop } from '@prospectie/contract/endpoints/addresses';
import { call } from './call';

export const photoKeys = {
  all: ['photos'] as const,
  visit: (prospectionId: number) => ['photos', 'visit', prospectionId] as const,
  shop: (shopId: number) => ['photos', 'shop', shopId] as const,
};

/** How many pictures a page of the shop's timeline holds: a few rows of thumbnails on a phone. */
export const TIMELINE_PAGE = 24;

export function useVisitPhotos(prospectionId: number) {
  return useQuery({
    queryKey: photoKeys.visit(prospectionId),
    queryFn: () => call(photosOfProspection, { params: { prospectionId } }),
  });
}

/** The shop's pictures across its visits, newest visit first, a page at a time. */
export function useShopPhotos(shopId: number) {
  return useInfiniteQuery({
    queryKey: photoKeys.shop(shopId),
    queryFn: ({ pageParam }) =>
      call(photosOfShop, { params: { shopId }, query: { limit: TIMELINE_PAGE, ...(pageParam ? { before: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
