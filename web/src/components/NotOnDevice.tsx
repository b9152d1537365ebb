// Offline, for what this device does not hold: says so in Dutch, and what she can do without a connection,
// instead of a spinner that waits for the connection (docs/decisions/007-offline.md).
import { nl } from '../i18n/nl';

const t = nl.offline.notOnDevice;

/** One part of a page that shows the rest; a whole page missing is NotOnDevicePage. */
export function NotOnDevice({ what }: { what: string }) {
  return (
    <div className="alert alert-secondary" role="status">
      <strong className="d-block">{t.title}</strong>
      {what}
    </div>
  );
}
