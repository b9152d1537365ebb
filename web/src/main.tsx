import './lib/zodWithoutEval';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { meQueryKey } from './api/session';
import { createRouter } from './app/router';
import { outbox } from './offline/deviceOutbox';
import { OFFLINE_CACHE_MAX_AGE, restoreAndPersistQueryCache } from './offline/persist';

const queryClient = new QueryClient({
  defaultOptions: {
    // gcTime as long as the persisted cache lives, so what the rep opened stays readable offline.
    queries: { staleTime: 60 * 1000, gcTime: OFFLINE_CACHE_MAX_AGE, refetchOnWindowFocus: false, retry: 1 },
  },
});

// TanStack Query assumes online until an event says otherwise and listens only once a query runs;
// a page opened offline, or going offline while it starts, must know at once.
onlineManager.setEventListener((setOnline) => {
  const update = () => setOnline(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});

// Nothing on the device holds back the first render or the first requests: the cache and the outbox
// are read from IndexedDB meanwhile, and the screens that reopen an outbox item wait for the outbox
// (app/router.tsx).
void restoreAndPersistQueryCache(queryClient, meQueryKey);
void outbox.load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
