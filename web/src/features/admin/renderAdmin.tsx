// Renders /beheer as the router does (the layout with its role check, and the three pages) for component tests.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { AuditLogPage } from './AuditLogPage';
import { BrandsPage } from './BrandsPage';
import { PeoplePage } from './PeoplePage';

export function renderAdmin(path: string, cached: [readonly unknown[], unknown][] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '/beheer',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="medewerkers" replace /> },
          { path: 'medewerkers', element: <PeoplePage /> },
          { path: 'merken', element: <BrandsPage /> },
          { path: 'logboek', element: <AuditLogPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
