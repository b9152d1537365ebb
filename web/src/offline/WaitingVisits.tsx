// On a shop's page: its visits and pictures that still wait in the outbox, and any the server refused (to edit again
// or let go).
import type { ProspectionSubmission } from '@prospectie/contract';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useMe } from '../api/session';
import { nl } from '../i18n/nl';
import { nlOutbox } from '../i18n/nlOutbox';
import { nlPhotos } from '../i18n/nlPhotos';
import { formatDate } from '../lib/format';
import { outbox } from './deviceOutbox';
import { dropPhotoFile } from './keptPhotos';
import type { OutboxItem } from './outbox';
import { useOutboxSnapshot } from './useOutbox';

/** The pictures waiting behind the shop's visits (one line), and each one the server refused, with a way to let it go. */
function WaitingPhotos({ photos }: { photos: OutboxItem[] }) {
  const waiting = photos.filter((i) => i.state === 'waiting');
  const refused = photos.filter((i) => i.state === 'refused');
  return (
    <>
      {waiting.length > 0 && (
        <li className="list-group-item d-flex flex-wrap align-items-baseline column-gap-3 py-3">
          <span className="fw-semibold">{nlPhotos.waiting(waiting.length)}</span>
          <span className="badge text-bg-warning">{nlOutbox.waiting}</span>
        </li>
      )}
      {refused.map((item) => (
        <li key={item.id} className="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-2 py-3">
          <span className="badge text-bg-danger">{nlOutbox.refused}</span>
          <span className="small flex-grow-1">{nlPhotos.refused(item.message ?? '')}</span>
          <Button
            variant="outline-secondary"
            size="sm"
            className="action-button"
            onClick={() => void outbox.remove(item.id).then(() => dropPhotoFile(item.id))}
          >
            {nlPhotos.drop}
          </Button>
        </li>
      ))}
    </>
  );
}

export function WaitingVisits({ shopId }: { shopId: number }) {
  const userId = useMe().data?.user.id;
  const mine = useOutboxSnapshot().items.filter((i) => i.shopId === shopId && i.userId === userId);
  const visits = mine.filter((i) => i.kind === 'visit');
  const photos = mine.filter((i) => i.kind === 'photo');
  if (visits.length === 0 && photos.length === 0) return null;
  return (
    <section aria-labelledby="waiting-visits" className="mb-3">
      <h3 id="waiting-visits" className="visually-hidden">
        {nlOutbox.waitingVisits}
      </h3>
      <ul className="list-group">
        {visits.map((item) => (
          <li key={item.id} className="list-group-item d-flex flex-wrap align-items-baseline column-gap-3 py-3">
            <span className="fw-semibold">{nlOutbox.visitTitle(formatDate((item.body as ProspectionSubmission).visitDate))}</span>
            {item.state === 'waiting' ? (
              <span className="badge text-bg-warning">{nlOutbox.waiting}</span>
            ) : (
              <>
                <span className="badge text-bg-danger">{nlOutbox.refused}</span>
                <span className="w-100 small">{nlOutbox.refusedVisit(item.message ?? '')}</span>
                <Link to={`/shop/${shopId}/prospections/new`}>{nl.offline.edit}</Link>
              </>
            )}
          </li>
        ))}
        <WaitingPhotos photos={photos} />
      </ul>
    </section>
  );
}
