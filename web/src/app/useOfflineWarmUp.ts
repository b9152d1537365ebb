// Once a rep is signed in and online, fetches what recording a visit with no signal needs (the shop
// list and the wizard's lists), so the persisted cache holds it (docs/decisions/007-offline.md), and where the shops
// are, for In de buurt and the map offline (decision 071).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { wizardReferenceQueries } from '../api/reference';
import { shopListQuery, shopPlacesQuery } from '../api/shops';
import { useOnline } from '../offline/useOutbox';

/** Waits until the first screen has had the connection to itself. */
const WARM_UP_DELAY_MS = 3_000;

export function useOfflineWarmUp(signedIn: boolean) {
  const queryClient = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (!signedIn || !online) return;
    const timer = setTimeout(() => {
      // Lists already fresh in the cache are not asked again.
      void queryClient.prefetchQuery(shopListQuery);
      void queryClient.prefetchQuery(shopPlacesQuery);
      for (const query of wizardReferenceQueries) void queryClient.prefetchQuery(query);
    }, WARM_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, online, queryClient]);
}
