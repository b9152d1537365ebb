import { CardSection } from '../../components/CardSection';
import { ChartWithTable, SeriesTable } from '../../components/ChartWithTable';
import { nlOverview as t } from '../../i18n/nlOverview';
import { compareDutch, dayNumber, formatCount, formatDay } from '../../lib/format';
import { useOverviewFigure } from './api';
import { Figure } from './Figure';
import type { OverviewView } from './period';
import { SimpleTable } from './SimpleTable';

/** Visits in the period: the total, new shops, per week (per rep in a table), per rep and per visit type. */
export function Visits({ view, own }: { view: OverviewView; own: boolean }) {
  const visits = useOverviewFigure('visits', view.query, own);
  return (
    <CardSection titleId="overview-visits" title={t.visits.title} className="mb-3">
      <Figure query={visits}>
        {(v) => {
          const weeks = new Map<number, number>();
          const reps = new Map<string, number>();
          const repWeeks = new Map<string, { x: number; y: number }[]>();
          for (const row of v.perRepWeek) {
            const x = dayNumber(row.weekStart);
            weeks.set(x, (weeks.get(x) ?? 0) + row.visits);
            reps.set(row.employeeName, (reps.get(row.employeeName) ?? 0) + row.visits);
            repWeeks.set(row.employeeName, [...(repWeeks.get(row.employeeName) ?? []), { x, y: row.visits }]);
          }
          const perRep = [...repWeeks].sort(([a], [b]) => compareDutch(a, b)).map(([name, points]) => ({ name, points }));
          // Her own overview holds only her visits: no 'Alle medewerkers', no table of one rep.
          const series = [
            { name: own ? t.visits.mine : t.visits.allReps, points: [...weeks].sort(([a], [b]) => a - b).map(([x, y]) => ({ x, y })) },
          ];
          // Most visits first; equal counts by name.
          const repTotals = [...reps].sort(([a, x], [b, y]) => y - x || compareDutch(a, b));
          return (
            <>
              <dl className="row mb-2">
                <dt className="col-8 col-sm-4 fw-normal">{t.visits.total}</dt>
                <dd className="col-4 col-sm-8 fw-semibold">{formatCount(v.total)}</dd>
                <dt className="col-8 col-sm-4 fw-normal">{t.visits.newShops}</dt>
                <dd className="col-4 col-sm-8 fw-semibold">{formatCount(v.newShops)}</dd>
              </dl>
              {v.total === 0 ? (
                <p className="text-body-secondary mb-0">{t.visits.none}</p>
              ) : (
                <>
                  <h3 className="h6">{t.visits.perWeek}</h3>
                  <ChartWithTable
                    title={t.visits.perWeek}
                    xLabel={t.visits.week}
                    series={series}
                    formatX={formatDay}
                    formatY={formatCount}
                  />
                  {perRep.length > 1 && (
                    <details className="mt-1">
                      <summary className="chart-table-toggle">{t.visits.perRepWeek}</summary>
                      <SeriesTable
                        title={t.visits.perRepWeek}
                        xLabel={t.visits.week}
                        series={perRep}
                        formatX={formatDay}
                        formatY={formatCount}
                      />
                    </details>
                  )}
                  <div className="row mt-3">
                    {!own && (
                      <div className="col-12 col-md-6">
                        <SimpleTable
                          caption={t.visits.perRep}
                          head={[t.rep, t.visits.count]}
                          rows={repTotals.map(([name, n]) => [name, formatCount(n)])}
                          sortBy={{ values: repTotals, first: 1 }}
                        />
                      </div>
                    )}
                    <div className="col-12 col-md-6">
                      <SimpleTable
                        caption={t.visits.types}
                        head={[t.visits.types, t.visits.count]}
                        rows={v.visitTypes.map((type) => [type.visitTypeName, formatCount(type.visits)])}
                      />
                    </div>
                  </div>
                </>
              )}
            </>
          );
        }}
      </Figure>
    </CardSection>
  );
}
