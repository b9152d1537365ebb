import { Link, useRouteError } from 'react-router';
import { NotFound } from '../components/NotFound';
import { nl } from '../i18n/nl';

/** Any unknown path (spec §2), and an address that cannot be read (a malformed escape such as %E0%A4%A). */
export function ErrorPage() {
  return (
    <section>
      <h1>{nl.errors.pageTitle}</h1>
      <p>{nl.errors.page}</p>
      <Link to="/home" className="btn btn-primary action-button">
        {nl.nav.home}
      </Link>
    </section>
  );
}

/** Where non-numeric shop and prospection ids land. */
export function NotFoundPage() {
  return <NotFound title={nl.errors.notFoundTitle} text={nl.errors.notFound} />;
}

/**
 * The router's error element: whatever a screen throws while it renders shows the Dutch Fout page, in the
 * app's header, instead of React Router's English 'Unexpected Application Error!'.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // Left for whoever debugs: React Router logs it only in development.
  console.error(error);
  return (
    <>
      <header className="app-header">
        <nav className="container-lg d-flex align-items-center" aria-label={nl.nav.mainNav}>
          <Link to="/home" className="app-title text-white text-decoration-none">
            {nl.appName}
          </Link>
        </nav>
      </header>
      <main className="container-lg py-3" id="main">
        <ErrorPage />
      </main>
    </>
  );
}
