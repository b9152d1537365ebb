// Offline, for what this device does not hold: says so in Dutch, and what she can do without a connection,
// instead of a spinner that waits for the connection (docs/decisions/007-offline.md).
import { Link } from 'react-router';
import { nl } from '../i18n/nl';

const t = nl.offline.notOnDevice;

/** `page`: the whole page is missing (a heading and the way Home); otherwise one part of a page that shows the rest. */
export function NotOnDevice({ what, page = false }: { what: string; page?: boolean }) {
  if (!page) {
    return (
      <div className="alert alert-secondary" role="status">
        <strong className="d-block">{t.title}</strong>
        {what}
      </div>
    );
  }
  return (
    <section>
      <h1 className="h3">{t.title}</h1>
      <p>{what}</p>
      <p>{t.available}</p>
      <Link to="/home" className="btn btn-primary action-button">
        {nl.nav.home}
      </Link>
    </section>
  );
}
