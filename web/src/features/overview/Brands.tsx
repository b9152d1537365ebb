import { Link } from 'react-router';
import { CardSection } from '../../components/CardSection';
import { ChartWithTable } from '../../components/ChartWithTable';
import { nlOverview as t } from '../../i18n/nlOverview';
import { formatCount, formatDate, formatSellout } from '../../lib/format';
import { useOverviewFigure } from './api';
import { Figure } from './Figure';
import type { OverviewView } from './period';
import { SimpleTable } from './SimpleTable';

const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const formatMonth = (n: number) => `${String((n % 12) + 1).padStart(2, '0')}/${Math.floor(n / 12)}`;

/** What reps wrote on visits, each with its shop and date and a link to the visit. */
function VisitNotes({ notes }: { notes: { prospectionId: number; shopId: number; shopName: string; visitDate: string; text: string }[] }) {
  return (
    <ul className="list-group mb-2">
      {notes.map((n) => (
        <li key={`${n.prospectionId}-${n.text}`} className="list-group-item">
          <Link to={`/shop/${n.shopId}/prospections/${n.prospectionId}`}>
            {n.shopName}, {formatDate(n.visitDate)}
          </Link>
          <div className="small pre-line">{n.text}</div>
        </li>
      ))}
    </ul>
  );
}

/** Brands: the sellout per month, the interests with their remarks, the terminated ones and the competitors. */
export function Brands({ view, own }: { view: OverviewView; own: boolean }) {
  const brands = useOverviewFigure('brands', view.query, own);
  return (
    <CardSection titleId="overview-brands" title={t.brands.title} className="mb-3">
      <Figure query={brands}>
        {(b) => {
          const byBrand = new Map<string, { x: number; y: number }[]>();
          for (const row of b.sellout)
            byBrand.set(row.brandName, [...(byBrand.get(row.brandName) ?? []), { x: monthNumber(row.month), y: row.average }]);
          const series = [...byBrand].map(([name, points]) => ({ name, points }));
          return (
            <>
              <h3 className="h6">{t.brands.sellout}</h3>
              {series.length === 0 ? (
                <p className="text-body-secondary">{t.brands.noSellout}</p>
              ) : (
                <ChartWithTable
                  title={t.brands.sellout}
                  xLabel={t.brands.month}
                  series={series}
                  formatX={formatMonth}
                  formatY={formatSellout}
                  yMax={100}
                />
              )}
              {b.interests.length === 0 ? (
                <p className="text-body-secondary mt-3">{t.brands.noInterests}</p>
              ) : (
                <>
                  <SimpleTable
                    caption={t.brands.interests}
                    head={[t.brands.brand, t.brands.shops, t.brands.visits]}
                    rows={b.interests.map((i) => [i.brandName, formatCount(i.shops), formatCount(i.visits)])}
                  />
                  {b.interests
                    .filter((i) => i.remarks.length > 0)
                    .map((i) => (
                      <details key={i.brandId} className="mb-2">
                        <summary className="chart-table-toggle">{t.brands.remarks(i.brandName, i.remarks.length)}</summary>
                        <VisitNotes notes={i.remarks.map((r) => ({ ...r, text: r.remark }))} />
                      </details>
                    ))}
                </>
              )}
              {b.terminatedTotal > 0 && (
                <details className="mb-3">
                  <summary className="chart-table-toggle">{t.brands.terminated(b.terminatedTotal)}</summary>
                  <VisitNotes notes={b.terminated} />
                </details>
              )}
              {b.competitors.length === 0 ? (
                <p className="text-body-secondary mb-0">{t.brands.noCompetitors}</p>
              ) : (
                <SimpleTable
                  caption={t.brands.competitors}
                  head={[t.brands.brand, t.brands.visits, t.brands.shops, t.brands.where]}
                  text={[3]}
                  rows={b.competitors.map((c) => [
                    c.competitorBrandName,
                    formatCount(c.visits),
                    formatCount(c.shops),
                    c.cities.map((city) => `${city.city} (${city.visits})`).join(', '),
                  ])}
                />
              )}
            </>
          );
        }}
      </Figure>
    </CardSection>
  );
}
