import { formatDate } from '../../lib/format';
import { nlOverview as t } from '../../i18n/nlOverview';
import { stepPeriod, type OverviewView, type PeriodKind } from './period';

/** The period's dates as words, and for a week, month, quarter or year the buttons to the one before and after. */
export function PeriodBar({ view, onChange }: { view: OverviewView; onChange: (view: OverviewView) => void }) {
  const { period } = view;
  const step = (kind: Exclude<PeriodKind, 'custom'>, by: -1 | 1) =>
    onChange({ ...view, period: kind, query: { ...view.query, ...stepPeriod(kind, view.query.from, by) } });
  return (
    <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-2 mt-2">
      <p className="small text-body-secondary mb-0" aria-live="polite">
        {t.range(formatDate(view.query.from), formatDate(view.query.to))}
      </p>
      {period !== 'custom' && (
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary action-button gap-1"
            aria-label={t.previousPeriod}
            onClick={() => step(period, -1)}
          >
            <span aria-hidden="true">‹</span> {t.previous}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary action-button gap-1"
            aria-label={t.nextPeriod}
            onClick={() => step(period, 1)}
          >
            {t.next} <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
