// Renders /beheer as the router does (the layout with its role check, and its pages) for component tests.
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { renderRoutes } from '../../test/renderPage';
import { AdminLayout } from './AdminLayout';
import { AuditLogPage } from './AuditLogPage';
import { BrandsPage } from './BrandsPage';
import { MailLogPage } from './MailLogPage';
import { PeoplePage } from './PeoplePage';
import { PlacesPage } from './PlacesPage';
import { SeasonsPage } from './SeasonsPage';
import { ShopImportPage } from './ShopImportPage';
import { ShopsWithoutPlacePage } from './ShopsWithoutPlacePage';

const adminRoutes = [
  {
    path: '/beheer',
    element: <AdminLayout />,
    children: [
      { index: true, element: <Navigate to="medewerkers" replace /> },
      { path: 'medewerkers', element: <PeoplePage /> },
      { path: 'merken', element: <BrandsPage /> },
      { path: 'seizoenen', element: <SeasonsPage /> },
      { path: 'importeren', element: <ShopImportPage /> },
      { path: 'landen', element: <PlacesPage /> },
      { path: 'liggingen', element: <ShopsWithoutPlacePage /> },
      { path: 'logboek', element: <AuditLogPage /> },
      { path: 'e-mails', element: <MailLogPage /> },
    ],
  },
];

export const renderAdmin = (path: string, cached: [readonly unknown[], unknown][] = []) => renderRoutes(adminRoutes, [path], cached);

/** Types into a field as one paste: the same events a form reacts to, without a timer per key on a busy machine. */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
