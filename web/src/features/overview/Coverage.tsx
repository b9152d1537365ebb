import { Link } from 'react-router';
import { CardSection } from '../../components/CardSection';
import { nlOverview as t } from '../../i18n/nlOverview';
import { formatCount, formatDate } from '../../lib/format';
import { useOverviewCoverage } from './api';
import { Figure } from './Figure';
import { formatShare } from './format';
import type { OverviewView } from './period';
import { SimpleTable } from './SimpleTable';

/** The share of the shops visited lately, and the ones not visited, a page at a time. */
export function Coverage({ view, own }: { view: OverviewView; own: boolean }) {
  const coverage = useOverviewCoverage(view.query, own);
  return (
    <CardSection titleId="overview-coverage" title={t.coverage.title} className="mb-3">
      <Figure query={coverage}>
        {({ pages }) => {
          const c = pages[0];
          const notVisited = pages.flatMap((page) => page.notVisited);
          return (
            <>
              <p className="mb-1">{t.coverage.share(c.windowDays)}</p>
              <p className="fs-4 fw-semibold mb-1">{formatShare(c.share)}</p>
              <p className="small text-body-secondary">{t.coverage.of(c.visitedShops, c.teamShops)}</p>
              {c.notVisitedTotal === 0 ? (
                <p className="text-body-secondary mb-0">{t.coverage.allVisited}</p>
              ) : (
                <>
                  {/* Her own: every shop is hers, so no Medewerker column (and the table fits a phone). */}
                  <SimpleTable
                    caption={t.coverage.notVisited(c.notVisitedTotal)}
                    head={[t.coverage.shop, t.coverage.city, ...(own ? [] : [t.coverage.rep]), t.coverage.lastVisit, t.coverage.days]}
                    text={own ? [1] : [1, 2]}
                    rows={notVisited.map((s) => [
                      <Link key="shop" to={`/shop/${s.shopId}`}>
                        {s.shopName}
                      </Link>,
                      s.city ?? '',
                      ...(own ? [] : [s.employeeName ?? '']),
                      s.lastVisitDate ? formatDate(s.lastVisitDate) : t.coverage.never,
                      s.daysSince === null ? '' : formatCount(s.daysSince),
                    ])}
                  />
                  {coverage.hasNextPage && (
                    <button
                      type="button"
                      className="btn btn-outline-primary action-button"
                      disabled={coverage.isFetchingNextPage}
                      onClick={() => coverage.fetchNextPage()}
                    >
                      {coverage.isFetchingNextPage ? t.loading : t.coverage.more(notVisited.length, c.notVisitedTotal)}
                    </button>
                  )}
                </>
              )}
            </>
          );
        }}
      </Figure>
    </CardSection>
  );
}
