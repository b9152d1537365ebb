// On a shop's page: its visits that still wait in the outbox, and any the server refused (to edit again).
import type { ProspectionSubmission } from '@prospectie/contract';
import { Link } from 'react-router';
import { useMe } from '../api/session';
import { nl } from '../i18n/nl';
import { formatDate } from '../lib/format';
import { useOutboxSnapshot } from './useOutbox';

export function WaitingVisits({ shopId }: { shopId: number }) {
  const userId = useMe().data?.user.id;
  const visits = useOutboxSnapshot().items.filter((i) => i.kind === 'visit' && i.shopId === shopId && i.userId === userId);
  if (visits.length === 0) return null;
  return (
    <section aria-labelledby="waiting-visits" className="mb-3">
      <h3 id="waiting-visits" className="visually-hidden">
        {nl.offline.waitingVisits}
      </h3>
      <ul className="list-group">
        {visits.map((item) => (
          <li key={item.id} className="list-group-item d-flex flex-wrap align-items-baseline column-gap-3 py-3">
            <span className="fw-semibold">{nl.offline.visitTitle(formatDate((item.body as ProspectionSubmission).visitDate))}</span>
            {item.state === 'waiting' ? (
              <span className="badge text-bg-warning">{nl.offline.waiting}</span>
            ) : (
              <>
                <span className="badge text-bg-danger">{nl.offline.refused}</span>
                <span className="w-100 small">{nl.offline.refusedVisit(item.message ?? '')}</span>
                <Link to={`/shop/${shopId}/prospections/new`}>{nl.offline.edit}</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
