// Offline, for a whole page this device does not hold: a heading, what is missing, what she can do without a
// connection, and the way Home (docs/decisions/007-offline.md). Apart from NotOnDevice, so its words load with the
// pages that can show it, not with Home's first download.
import { Link } from 'react-router';
import { nl } from '../i18n/nl';
import { nlOutbox } from '../i18n/nlOutbox';

export function NotOnDevicePage({ what }: { what: string }) {
  return (
    <section>
      <h1 className="h3">{nl.offline.notOnDevice.title}</h1>
      <p>{what}</p>
      <p>{nlOutbox.notOnDeviceAvailable}</p>
      <Link to="/home" className="btn btn-primary action-button">
        {nl.nav.home}
      </Link>
    </section>
  );
}
