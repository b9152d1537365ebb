// Every route of spec §2. Screens other than Home load lazily to keep the first download small. The
// screen the app opens on starts at once, next to /api/me rather than after it: its code, and the data
// it shows first (docs/decisions/022-web-first-load.md).
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type Params, type RouteObject } from 'react-router';
import { prefetchShop } from '../api/shops';
import { prefetchHome } from '../features/home/api';
import { HomePage, homeChunks } from '../features/home/HomePage';
import { outbox } from '../offline/deviceOutbox';
import { useOnline } from '../offline/useOutbox';
import { ErrorPage, NotFoundPage, RouteErrorPage } from './ErrorPages';
import { answerAtOnce, untilLoaded } from '../lib/lazyNow';
import { nl } from '../i18n/nl';
import { NumericParams } from '../lib/NumericParams';
import { Shell } from './Shell';

/** What a route can start before it renders (its `handle`). */
interface RouteStart {
  /** Fetches the screen's code. */
  load?: () => Promise<unknown>;
  /** Asks for the data the screen shows first; resolves (never rejects) once what its first paint shows is here. */
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<unknown> | void;
}

/**
 * A lazily loaded screen; `handle.load` fetches its code before it renders. Code that is already here
 * (the screen the app opened on) is handed to React.lazy at once, so that screen draws without first
 * showing the Suspense spinner, which React would then keep for 300 ms.
 */
function screen<K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) {
  type Loaded = { default: React.ComponentType };
  let loaded: Loaded | undefined;
  const start = () => load().then((m): Loaded => (loaded = { default: m[name] }));
  // Offline, a screen whose code this device does not hold yet (the service worker still keeping it) says so and opens
  // once the connection is back; online, a failed load is the route's error page.
  const startOrWait = () =>
    start().catch((error: unknown) => {
      if (onlineManager.isOnline()) throw error;
      return { default: untilLoaded(() => start().then((l) => l.default), ScreenNotOnDevice) };
    });
  return Object.assign(
    lazy(() => (loaded ? answerAtOnce(loaded) : startOrWait())),
    { handle: { load: start } satisfies RouteStart },
  );
}

/** Said while offline; online, the screen's code is on its way (nothing for the moment it takes). */
function ScreenNotOnDevice() {
  if (useOnline()) return null;
  return (
    <section>
      <h1 className="h3">{nl.offline.notOnDevice.title}</h1>
      <p>{nl.offline.notOnDevice.screen}</p>
    </section>
  );
}

/** Screens that reopen an item the outbox holds read the outbox (IndexedDB) before their first render. */
const afterOutbox =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), outbox.load()]).then(([module]) => module);

// The shop's page with the administration's part for a beheerder (app/ShopScreen.tsx), in the shop page's chunk.
const ShopPage = screen(() => import('./ShopScreen'), 'ShopScreen');
const ProspectionsPage = screen(() => import('../features/prospection/ProspectionsPage'), 'ProspectionsPage');
const ProspectionDetailPage = screen(() => import('../features/prospection/ProspectionDetailPage'), 'ProspectionDetailPage');
const WizardPage = screen(
  afterOutbox(() => import('../features/prospection-wizard/WizardPage')),
  'WizardPage',
);
const NewShopPage = screen(
  afterOutbox(() => import('../features/new-shop/NewShopPage')),
  'NewShopPage',
);
const CalendarPage = screen(() => import('../features/planning/CalendarPage'), 'CalendarPage');
// The map of the shops (decision 071): Leaflet and the cluster index come with it only, through the map's index.
const MapPage = screen(() => import('../features/map').then((map) => map.mapPageCode()), 'MapPage');
const ReportPage = screen(() => import('../features/report/ReportPage'), 'ReportPage');
const TodosPage = screen(() => import('../features/todos/TodosPage'), 'TodosPage');
// the overview and its charts, in chunks of their own.
const OverviewPage = screen(() => import('../features/overview/OverviewPage'), 'OverviewPage');
// The administration (decision 029): one chunk of its own, never in a rep's download unless she opens /beheer.
const AdminLayout = screen(() => import('../features/admin/screens'), 'AdminLayout');
const PeoplePage = screen(() => import('../features/admin/screens'), 'PeoplePage');
const BrandsPage = screen(() => import('../features/admin/screens'), 'BrandsPage');
const SeasonsPage = screen(() => import('../features/admin/screens'), 'SeasonsPage');
const ShopImportPage = screen(() => import('../features/admin/screens'), 'ShopImportPage');
const PlacesPage = screen(() => import('../features/admin/screens'), 'PlacesPage');
const ShopsWithoutPlacePage = screen(() => import('../features/admin/screens'), 'ShopsWithoutPlacePage');
const AuditLogPage = screen(() => import('../features/admin/screens'), 'AuditLogPage');
const MailLogPage = screen(() => import('../features/admin/screens'), 'MailLogPage');
// Her mail settings, and the page a mail's unsubscribe link opens, signed in or not (decisions 069, 070).
const SettingsPage = screen(() => import('../features/settings'), 'SettingsPage');
const UnsubscribePage = screen(() => import('../features/settings'), 'UnsubscribePage');

/** The route of a lazily loaded screen at `path`, which starts its code before it renders. */
const page = (path: string, Screen: ReturnType<typeof screen>): RouteObject => ({ path, element: <Screen />, handle: Screen.handle });

const home: RouteStart = { load: homeChunks, prefetch: prefetchHome };
/** Every page under /shop/:shopId shows the shop's name in its breadcrumbs. */
const shop = (shopPage: { handle: RouteStart }): RouteStart => ({
  ...shopPage.handle,
  prefetch: (queryClient, params) => prefetchShop(queryClient, params.shopId),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage />, handle: home },
      { path: 'home', element: <HomePage />, handle: home },
      page('agenda', CalendarPage),
      page('kaart', MapPage),
      page('prospectionreport/new', ReportPage),
      page('taken', TodosPage),
      page('overzicht', OverviewPage),
      page('instellingen', SettingsPage),
      page('afmelden/:token', UnsubscribePage),
      page('shop/new', NewShopPage),
      {
        path: 'shop/:shopId',
        element: (
          <NumericParams names={['shopId']}>
            <ShopPage />
          </NumericParams>
        ),
        handle: shop(ShopPage),
      },
      {
        path: 'shop/:shopId/prospections',
        element: (
          <NumericParams names={['shopId']}>
            <ProspectionsPage />
          </NumericParams>
        ),
        handle: shop(ProspectionsPage),
      },
      {
        path: 'shop/:shopId/prospections/new',
        element: (
          <NumericParams names={['shopId']}>
            <WizardPage />
          </NumericParams>
        ),
        handle: shop(WizardPage),
      },
      {
        path: 'shop/:shopId/prospections/:prospectionId',
        element: (
          <NumericParams names={['shopId', 'prospectionId']}>
            <ProspectionDetailPage />
          </NumericParams>
        ),
        handle: shop(ProspectionDetailPage),
      },
      {
        path: 'beheer',
        element: <AdminLayout />,
        handle: AdminLayout.handle,
        children: [
          { index: true, element: <Navigate to="medewerkers" replace /> },
          page('medewerkers', PeoplePage),
          page('merken', BrandsPage),
          page('seizoenen', SeasonsPage),
          page('importeren', ShopImportPage),
          page('landen', PlacesPage),
          page('liggingen', ShopsWithoutPlacePage),
          page('logboek', AuditLogPage),
          page('e-mails', MailLogPage),
        ],
      },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

/**
 * Starts what the screen at `pathname` needs: its code and the data it shows first. Resolves once its
 * code is here (also when that failed: React.lazy asks again when the screen renders, and shows the error).
 */
export function startScreen(pathname: string, queryClient: QueryClient): { code: Promise<void>; data: Promise<void> } {
  const code: Promise<unknown>[] = [];
  const data: Promise<unknown>[] = [];
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    const start = route.handle as RouteStart | undefined;
    if (start?.load) code.push(start.load().catch(() => undefined));
    const first = start?.prefetch?.(queryClient, params);
    if (first) data.push(first.catch(() => undefined));
  }
  return { code: Promise.all(code).then(() => undefined), data: Promise.all(data).then(() => undefined) };
}

export const createRouter = () => createBrowserRouter(routes);
