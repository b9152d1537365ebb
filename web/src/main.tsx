import './lib/zodWithoutEval';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { meQueryKey } from './api/session';
import { createRouter } from './app/router';
import { outbox } from './offline/deviceOutbox';
import { OFFLINE_CACHE_MAX_AGE, persistOptions } from './offline/persist';

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

// Data restored from the device is shown at once but asked again from the server (when online).
const revalidateRestored = () => queryClient.invalidateQueries();

// The outbox is read first, so a screen can offer a refused item as its draft on its first render.
void outbox.load().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(meQueryKey)} onSuccess={revalidateRestored}>
        <RouterProvider router={createRouter()} />
      </PersistQueryClientProvider>
    </StrictMode>,
  ),
);
