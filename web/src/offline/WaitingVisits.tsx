// On a shop's page: its visits and pictures that still wait in the outbox, and any the server refused (to edit again
// or let go).
import type { ProspectionSubmission } from '@prospectie/contract';
import { Button, ProgressBar } from 'react-bootstrap';
import { Link } from 'react-router';
import { useMe } from '../api/session';
import { nl } from '../i18n/nl';
import { nlOutbox } from '../i18n/nlOutbox';
import { nlPhotos } from '../i18n/nlPhotos';
import { formatDate } from '../lib/format';
import { outbox } from './deviceOutbox';
import { dropPhotoFile } from './keptPhotos';
import type { OutboxItem, OutboxSnapshot } from './outbox';
import { useOnline, useOutboxSnapshot } from './useOutbox';

/**
 * Where waiting items stand: on their way (with how much has gone, when the sender can tell), waiting for a connection
 * (the device has none, or the last attempt did not get through), or in line behind the one on its way.
 */
function SendingState({ items, sending, online }: { items: OutboxItem[]; sending: OutboxSnapshot['sending']; online: boolean }) {
  const current = online && sending && items.some((i) => i.id === sending.id) ? sending : null;
  if (!current) {
    const waitsForConnection = !online || items.some((i) => i.attempts > 0);
    return waitsForConnection ? (
      <span className="badge text-bg-warning">{nlOutbox.waiting}</span>
    ) : (
      <span className="badge text-bg-secondary">{nlOutbox.queued}</span>
    );
  }
  return (
    <>
      <span className="badge text-bg-info">{nlOutbox.sending}</span>
      {/* How much has gone when the sender can tell; until then a bar that moves without a figure. */}
      {current.progress !== null ? (
        <ProgressBar
          className="w-100 mt-2"
          now={Math.round(current.progress * 100)}
          label={`${Math.round(current.progress * 100)}%`}
          aria-label={nlOutbox.sendingProgress}
        />
      ) : (
        <ProgressBar
          className="w-100 mt-2"
          now={100}
          animated
          striped
          aria-label={nlOutbox.sendingProgress}
          aria-valuetext={nlOutbox.sending}
        />
      )}
    </>
  );
}

/** The pictures waiting behind the shop's visits (one line), and each one the server refused, with a way to let it go. */
function WaitingPhotos({ photos, sending, online }: { photos: OutboxItem[]; sending: OutboxSnapshot['sending']; online: boolean }) {
  const waiting = photos.filter((i) => i.state === 'waiting');
  const refused = photos.filter((i) => i.state === 'refused');
  return (
    <>
      {waiting.length > 0 && (
        <li className="list-group-item d-flex flex-wrap align-items-baseline column-gap-3 py-3">
          <span className="fw-semibold">{nlPhotos.waiting(waiting.length)}</span>
          <SendingState items={waiting} sending={sending} online={online} />
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
  const snapshot = useOutboxSnapshot();
  const online = useOnline();
  const mine = snapshot.items.filter((i) => i.shopId === shopId && i.userId === userId);
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
              <SendingState items={[item]} sending={snapshot.sending} online={online} />
            ) : (
              <>
                <span className="badge text-bg-danger">{nlOutbox.refused}</span>
                <span className="w-100 small">{nlOutbox.refusedVisit(item.message ?? '')}</span>
                <Link to={`/shop/${shopId}/prospections/new`}>{nl.offline.edit}</Link>
              </>
            )}
          </li>
        ))}
        <WaitingPhotos photos={photos} sending={snapshot.sending} online={online} />
      </ul>
    </section>
  );
}
