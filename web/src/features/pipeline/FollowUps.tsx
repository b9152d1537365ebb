// Home's 'Opvolgen' (decision 066): the next steps the rep planned for today or before, for brands a shop is still
// interested in or in talks about; each opens its shop. Shown only when there is something to follow up.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { waitsForConnection } from '../../api/queryRules';
import { LoadError } from '../../components/LoadError';
import { nlPipeline } from '../../i18n/nlPipeline';
import { formatDate } from '../../lib/format';
import { brusselsToday } from '@prospectie/contract/dates';
import { usePlanVisit } from '../planning';
import { nlPlanning } from '../../i18n/nlPlanning';
import { useFollowUps } from './api';
import { StatusBadge } from './StatusBadge';

/** `pending`: what stands in while her follow-ups are read (what the page showed there, HomePage.tsx). */
export function FollowUps({ pending = null }: { pending?: ReactNode }) {
  const t = nlPipeline.followUps;
  const followUps = useFollowUps();
  const { plan, notice, dialog } = usePlanVisit();
  if (waitsForConnection(followUps)) return null;
  if (followUps.isPending) return pending;
  if (!followUps.data) return <LoadError error={followUps.error} onRetry={() => followUps.refetch()} />;
  if (!followUps.data.length) return null;
  const today = brusselsToday();
  return (
    <section className="card card-body mb-3" aria-labelledby="follow-ups-title" data-first="follow-ups">
      <h2 id="follow-ups-title" className="h5">
        {t.title}
      </h2>
      {notice}
      <ul className="list-group" aria-labelledby="follow-ups-title">
        {followUps.data.map((f) => (
          <li key={`${f.shopId}-${f.brandId}`} className="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">
            <Link to={`/shop/${f.shopId}`} className="flex-grow-1 text-decoration-none prospection-link">
              <span className="fw-semibold text-primary-emphasis text-break">{f.shopName}</span>
              {f.cityName && <span className="text-body-secondary"> · {f.cityName}</span>}
              <span className="d-flex flex-wrap align-items-center gap-2 small mt-1">
                <span className="fw-semibold">{f.brandName}</span>
                <StatusBadge status={f.status} />
                {f.nextStep && <span className="text-body">{f.nextStep}</span>}
                {f.nextStepDate < today && <span className="text-danger">{t.overdue(formatDate(f.nextStepDate))}</span>}
                {f.window && (
                  <span className="badge text-bg-warning fw-normal text-wrap">
                    {nlPlanning.due.windowLeft(f.window.daysLeft, f.window.season)}
                  </span>
                )}
              </span>
            </Link>
            <button
              type="button"
              className="btn btn-outline-primary action-button"
              aria-label={nlPlanning.planVisitAt(f.shopName)}
              onClick={() =>
                plan({
                  shop: { id: f.shopId, name: f.shopName },
                  date: f.nextStepDate,
                  title: (f.nextStep ? `${f.brandName}: ${f.nextStep}` : f.brandName).slice(0, TEXT_LIMITS.appointmentName),
                })
              }
            >
              {nlPlanning.planVisit}
            </button>
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  );
}
