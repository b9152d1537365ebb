// What a page shows when the server says its record does not exist (or is not hers to see): the way Home.
import { Link } from 'react-router';
import { nl } from '../i18n/nl';

export function NotFound({ title, text }: { title: string; text: string }) {
  return (
    <section>
      <h1 className="h3">{title}</h1>
      <p>{text}</p>
      <Link to="/home" className="btn btn-primary action-button">
        {nl.nav.home}
      </Link>
    </section>
  );
}
