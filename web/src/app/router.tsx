// Every route of spec §2. Screens other than Home load lazily to keep the first download small.
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { outbox } from '../offline/deviceOutbox';
import { ErrorPage, NotFoundPage } from './ErrorPages';
import { NumericParams } from './NumericParams';
import { Shell } from './Shell';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** Screens that reopen an item the outbox holds read the outbox (IndexedDB) before their first render. */
const afterOutbox =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), outbox.load()]).then(([module]) => module);

const ShopPage = named(() => import('../features/shop/ShopPage'), 'ShopPage');
const ProspectionsPage = named(() => import('../features/prospection/ProspectionsPage'), 'ProspectionsPage');
const ProspectionDetailPage = named(() => import('../features/prospection/ProspectionDetailPage'), 'ProspectionDetailPage');
const WizardPage = named(afterOutbox(() => import('../features/prospection-wizard/WizardPage')), 'WizardPage');
const NewShopPage = named(afterOutbox(() => import('../features/new-shop/NewShopPage')), 'NewShopPage');
const CalendarPage = named(() => import('../features/calendar/CalendarPage'), 'CalendarPage');
const ReportPage = named(() => import('../features/report/ReportPage'), 'ReportPage');
const TodosPage = named(() => import('../features/todos/TodosPage'), 'TodosPage');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'agenda', element: <CalendarPage /> },
      { path: 'prospectionreport/new', element: <ReportPage /> },
      { path: 'taken', element: <TodosPage /> },
      { path: 'shop/new', element: <NewShopPage /> },
      { path: 'shop/:shopId', element: <NumericParams names={['shopId']}><ShopPage /></NumericParams> },
      { path: 'shop/:shopId/prospections', element: <NumericParams names={['shopId']}><ProspectionsPage /></NumericParams> },
      { path: 'shop/:shopId/prospections/new', element: <NumericParams names={['shopId']}><WizardPage /></NumericParams> },
      {
        path: 'shop/:shopId/prospections/:prospectionId',
        element: <NumericParams names={['shopId', 'prospectionId']}><ProspectionDetailPage /></NumericParams>,
      },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
