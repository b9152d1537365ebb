// The frame around every screen: header with its buttons, breadcrumbs, and the sign-in gate.
import { Suspense, useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useMatch, useNavigate } from 'react-router';
import { isNotFound, waitsForConnection } from '../api/queryRules';
import { hasRole, useMe } from '../api/session';
import { useShop } from '../api/shops';
import { useOpenTodoCount } from '../api/todos';
import { Icon, type IconName } from '../components/Icon';
import { Loading } from '../components/Loading';
import { LoadError } from '../components/LoadError';
import { SentNotice } from '../components/SentNotice';
import { nl } from '../i18n/nl';
import { forgetHomeSnapshot } from '../offline/homeSnapshot';
import { LogoutButton } from '../offline/LogoutButton';
import { OfflineBar } from '../offline/OfflineBar';
import { isReadablePath, routeId } from '../lib/routeId';
import { breadcrumbs } from './breadcrumbs';
import { ErrorPage } from './ErrorPages';
import { useOfflineWarmUp } from './useOfflineWarmUp';
import { useScrollOnNavigation } from './scrollOnNavigation';
import { lazyExtra } from '../lib/lazyNow';

// Only who is signed out needs the sign-in screen: it loads when /api/me says so, not with everyone's first download.
const SignInScreen = lazyExtra(() => import('./SignInScreen').then((m) => m.SignInScreen));

/**
 * An icon button of the header. Its label is drawn beside the icon on a wide screen, where it also says the
 * count the badge shows on a phone, and is read by screen readers everywhere (.header-label).
 */
function HeaderButton({
  to,
  onClick,
  icon,
  label,
  badge,
}: {
  to?: string;
  onClick?: () => void;
  icon: IconName;
  label: string;
  badge?: number;
}) {
  const className = 'btn btn-link text-white header-button position-relative';
  return to ? (
    <Link to={to} className={className} title={label}>
      <Icon name={icon} />
      <span className="header-label">{label}</span>
      {!!badge && (
        <span className="header-badge badge rounded-pill bg-danger" aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onClick} title={label}>
      <Icon name={icon} />
      <span className="header-label">{label}</span>
    </button>
  );
}

/** `signedIn` false: the shop's name shows only if this tab still holds it; nobody is asked for it meanwhile. */
function Breadcrumbs({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const shopMatch = useMatch('/shop/:shopId/*');
  const shopId = routeId(shopMatch?.params.shopId);
  const shop = useShop(shopId, { enabled: signedIn });
  const shopState = isNotFound(shop.error) ? 'notFound' : waitsForConnection(shop) ? 'offline' : 'loading';
  const crumbs = breadcrumbs(pathname, shop.data?.name, shopState);
  const namedBelow = shopMatch !== null && shop.data !== undefined && crumbs.at(-1)?.label === shop.data.name;
  // A trail wider than the screen shows its end, the page she is on; the start is a swipe away. Once the page is
  // drawn: its width read before then made the browser lay out the whole new page inside React's commit, one long task
  // on a slow phone; after the paint the layout is done and reading it costs nothing.
  const trail = useRef<HTMLOListElement>(null);
  const labels = crumbs.map((c) => c.label).join('/');
  useEffect(() => {
    if (trail.current) trail.current.scrollLeft = trail.current.scrollWidth;
  }, [labels]);
  return (
    <nav aria-label={nl.nav.breadcrumbs} className="container-lg d-print-none">
      <ol className="breadcrumb my-2 small" ref={trail}>
        {crumbs.map((c, i) => (
          <li
            key={i}
            // On a phone the shop page's heading names the shop right below: the trail ends at 'Winkel' there.
            // The shop's name gives way first when the trail is too long for the line.
            className={`breadcrumb-item${c.active ? ' active' : ''}${c.active && namedBelow ? ' breadcrumb-named-below' : ''}${!c.active && c.shopName ? ' breadcrumb-name' : ''}`}
            aria-current={c.active ? 'page' : undefined}
          >
            {c.to ? <Link to={c.to}>{c.label}</Link> : c.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A signed-in account without an employee (spec §2, §6): only Home's message and a way to sign out, on
 * every path, since no screen works without an employee.
 */
function NotAnEmployee({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <section className="my-3">
      <p className="alert alert-warning" role="alert">
        {nl.auth.userNotFound}
      </p>
      <LogoutButton
        onDone={onSignedOut}
        render={(onClick) => (
          <button type="button" className="btn btn-primary action-button" onClick={onClick}>
            {nl.nav.logout}
          </button>
        )}
      />
    </section>
  );
}

export function Shell() {
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = me.data?.user;
  // Only an employee reaches the screens; an account without one gets NotAnEmployee.
  const employee = me.data?.employee;
  const administrator = hasRole(me.data, 'beheerder');
  // ...except the administration, which an administrator without an employee (the first one, named in
  // ADMIN_LOGINS before anyone was added) needs to add the people (decision 029).
  const inAdministration = pathname === '/beheer' || pathname.startsWith('/beheer/');
  // ...and the page a mail's unsubscribe link opens, which needs no session: its token is its credential (decision 070).
  const publicPage = pathname.startsWith('/afmelden/');
  const reachesScreens = publicPage || !!employee || (administrator && inAdministration);
  const openTodos = useOpenTodoCount();
  useOfflineWarmUp(!!employee);
  useScrollOnNavigation();
  const onHome = pathname === '/' || pathname === '/home';
  // Signed out (here or elsewhere, or the session ended): the next start must not draw the last rep's Home.
  const signedOut = me.data === null;
  useEffect(() => {
    if (signedOut) forgetHomeSnapshot();
  }, [signedOut]);

  return (
    <>
      <header className="app-header d-print-none">
        <nav className="container-lg d-flex align-items-center gap-1" aria-label={nl.nav.mainNav}>
          {!onHome && !publicPage && (!user || reachesScreens) && (
            <HeaderButton onClick={() => navigate(-1)} icon="back" label={nl.nav.back} />
          )}
          <Link to="/home" className="app-title text-white text-decoration-none me-auto">
            {nl.appName}
            {me.data?.authMode === 'demo' && <span className="badge bg-warning text-dark ms-2 align-middle">{nl.demoLabel}</span>}
          </Link>
          {user && (
            <>
              {employee && (
                <>
                  <HeaderButton to="/home" icon="home" label={nl.nav.home} />
                  <HeaderButton to="/agenda" icon="calendar" label={nl.nav.agenda} />
                  <HeaderButton to="/kaart" icon="map" label={nl.nav.map} />
                  <HeaderButton to="/prospectionreport/new" icon="report" label={nl.nav.report} />
                  <HeaderButton to="/taken" icon="tasks" label={nl.todos.headerLabel(openTodos)} badge={openTodos} />
                </>
              )}
              {administrator && <HeaderButton to="/beheer" icon="admin" label={nl.nav.admin} />}
              <LogoutButton
                onDone={() => navigate('/')}
                render={(onClick) => <HeaderButton onClick={onClick} icon="logout" label={nl.nav.logout} />}
              />
            </>
          )}
        </nav>
      </header>
      <OfflineBar />
      {(!user || reachesScreens) && !publicPage && <Breadcrumbs signedIn={!!user} />}
      <main className="container-lg pb-5" id="main">
        {me.isPending ? (
          <Loading />
        ) : me.isError && me.data === undefined ? (
          <LoadError onRetry={() => me.refetch()} />
        ) : !me.data && !publicPage ? (
          <Suspense fallback={<Loading />}>
            <SignInScreen />
          </Suspense>
        ) : !reachesScreens ? (
          <NotAnEmployee onSignedOut={() => navigate('/')} />
        ) : !isReadablePath(pathname) ? (
          <ErrorPage />
        ) : (
          <Suspense fallback={<Loading />}>
            <SentNotice />
            <Outlet />
          </Suspense>
        )}
      </main>
    </>
  );
}
