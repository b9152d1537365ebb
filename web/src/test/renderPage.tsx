// What a screen's component test needs: a JSON answer for a faked fetch, and the screen rendered at its path
// with a router and a fresh query client (no retries, so a failure shows at once).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Cached = [readonly unknown[], unknown][];

/** `cached`: query data already on the device (the offline cache), set before the first render. */
export function renderPage(path: string, element: ReactElement, cached: Cached = []) {
  return renderRoutes([{ path, element }], [path], cached);
}

/** Several screens (or a layout and its children), opened at the last of `history`. */
export function renderRoutes(routes: RouteObject[], history: string[], cached: Cached = []) {
  const router = createMemoryRouter(routes, { initialEntries: history });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
