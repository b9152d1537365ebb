// Once a rep is signed in and online, fetches what recording a visit with no signal needs (the shop
// list and the wizard's lists), so the persisted cache holds it (docs/decisions/007-offline.md).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnline } from '../offline/useOutbox';

/** Waits until the first screen has had the connection to itself. */
const WARM_UP_DELAY_MS = 3_000;

export function useOfflineWarmUp(signedIn: boolean) {
  const queryClient = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (!signedIn || !online) return;
    const timer = setTimeout(() => {
      // Loaded on demand: the wizard's modules (and zod) stay out of the first download.
      void Promise.all([import('../features/home/api'), import('../features/prospection-wizard/api')]).then(([home, wizard]) => {
        // Lists already fresh in the cache are not asked again.
        void queryClient.prefetchQuery(home.shopListQuery);
        for (const query of wizard.wizardReferenceQueries) void queryClient.prefetchQuery(query);
      });
    }, WARM_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, online, queryClient]);
}
