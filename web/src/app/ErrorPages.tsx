import { Link } from 'react-router';
import { nl } from '../i18n/nl';

/** Any unknown path (spec §2). */
export function ErrorPage() {
  return (
    <section>
      <h1>{nl.errors.pageTitle}</h1>
      <p>{nl.errors.page}</p>
      <Link to="/home" className="btn btn-primary">{nl.nav.home}</Link>
    </section>
  );
}

/** Where non-numeric shop and prospection ids land. */
export function NotFoundPage() {
  return (
    <section>
      <h1>{nl.errors.notFoundTitle}</h1>
      <p>{nl.errors.notFound}</p>
      <Link to="/home" className="btn btn-primary">{nl.nav.home}</Link>
    </section>
  );
}
