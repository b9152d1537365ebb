import './lib/zodWithoutEval';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { listenToConnection } from './api/connection';
import { retryRead } from './api/queryRules';
import { meQuery, meQueryKey } from './api/session';
import { createRouter, startScreen } from './app/router';
import { outbox } from './offline/deviceOutbox';
import { homeSnapshotReplaced } from './offline/homeSnapshot';
import { OFFLINE_CACHE_MAX_AGE, restoreAndPersistQueryCache } from './offline/persist';

const queryClient = new QueryClient({
  defaultOptions: {
    // gcTime as long as the persisted cache lives, so what the rep opened stays readable offline.
    // A missing record (404, 403) is not asked again: the page says so at once (api/queryRules.ts).
    queries: { staleTime: 60 * 1000, gcTime: OFFLINE_CACHE_MAX_AGE, refetchOnWindowFocus: false, retry: retryRead },
  },
});

// TanStack Query assumes online until an event says otherwise and listens only once a query runs;
// a page opened offline, or going offline while it starts, must know at once.
// Online means the server answers, not only that the phone has a network (api/connection.ts).
onlineManager.setEventListener(listenToConnection);

// The screen the app opens on is started at once: who is signed in (index.html has already preloaded
// the answer), the screen's code and the data it shows first, side by side instead of one after another.
// Nothing on the device holds that back: the cache and the outbox are read from IndexedDB meanwhile,
// and the screens that reopen an outbox item wait for the outbox (app/router.tsx).
const meAnswered = queryClient.prefetchQuery(meQuery);
const screen = startScreen(window.location.pathname, queryClient);
// What this device kept from the last time (all but the long lists) is here once `keptShown` resolves.
const keptShown = restoreAndPersistQueryCache(queryClient, meQueryKey).firstPart;
void outbox.load();

// The first render waits a moment for the user, the screen's code and what its first paint shows, so it
// draws the screen whole instead of a spinner and then parts that push each other down: React
// would hold a lazy screen back for 300 ms after showing a spinner anyway. What the device kept from the last
// time serves as well (refreshed in place once the server answers); offline, it waits only for the code.
const FIRST_RENDER_WAIT_MS = 700;
const keptUser = keptShown.then(() => (queryClient.getQueryData(meQueryKey) ? undefined : new Promise<void>(() => {})));
const firstScreenReady = Promise.race([
  onlineManager.isOnline() ? Promise.all([meAnswered, screen.code, screen.data]) : screen.code,
  Promise.all([screen.code, keptUser]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]);

const router = createRouter();
const rootElement = document.getElementById('root')!;

/** The first render has replaced yesterday's Home, if public/first-paint.js drew it: the page is usable. */
function TakesOver() {
  useLayoutEffect(() => homeSnapshotReplaced(rootElement), []);
  return null;
}

// Rendered as a transition: React yields to the browser every few milliseconds instead of holding its main thread for
// the whole first render (hundreds of ms on a low-tier phone), and changes the page once, when it is done; meanwhile
// the page shows what the server wrote or yesterday's Home.
void firstScreenReady.then(() =>
  startTransition(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <TakesOver />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
