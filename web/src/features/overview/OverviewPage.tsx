// Overzicht (issue 24): the team's visits, coverage, to-dos and brands for a manager or administrator, and the same
// figures of her own work (Mijn overzicht) for every rep. The period and filters live in the address.
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { API_ROOT } from '@prospectie/contract/endpoint';
import { callPath } from '../../api/call';
import { waitsForConnection } from '../../api/queryRules';
import { useMe } from '../../api/session';
import { seesTheTeam } from '@prospectie/contract/roles';
import { CardSection } from '../../components/CardSection';
import { ChartWithTable, SeriesTable } from '../../components/ChartWithTable';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { TableScroller } from '../../components/TableScroller';
import { nlOverview as t } from '../../i18n/nlOverview';
import { compareDutch, dayNumber, formatDate, formatDay, formatSellout } from '../../lib/format';
import { overviewEndpoints, useFilterChoices, useOverviewCoverage, useOverviewFigure } from './api';
import { DateField } from './DateField';
import {
  apiQuery,
  PERIOD_KINDS,
  periodAround,
  searchFromView,
  stepPeriod,
  viewFromSearch,
  type OverviewView,
  type PeriodKind,
} from './period';

const today = () => new Date().toLocaleDateString('sv-SE');
const count = (n: number) => n.toLocaleString('nl-BE');
const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const formatMonth = (n: number) => `${String((n % 12) + 1).padStart(2, '0')}/${Math.floor(n / 12)}`;

/** A figure's query: its content, or what stands in for it (loading, offline, an error with a retry). */
function Figure<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (waitsForConnection(query)) return <NotOnDevice what={t.notOnDevice} />;
  if (query.isPending) return <Loading text={t.loading} />;
  const failed = query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <>
      {failed}
      {query.data !== undefined && children(query.data)}
    </>
  );
}

/** One filter's select with its label; `all` is the empty choice that sets no filter. */
function FilterSelect({
  id,
  label,
  all,
  value,
  choices,
  onChange,
  className = 'col-12 col-sm-6 col-lg-3',
}: {
  id: string;
  label: string;
  all?: string;
  value: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters({ view, team, onChange }: { view: OverviewView; team: boolean; onChange: (view: OverviewView) => void }) {
  const countryId = view.query.countryId === undefined ? undefined : Number(view.query.countryId);
  const choices = useFilterChoices(countryId);
  const setPeriod = (period: PeriodKind) =>
    onChange({ period, query: { ...view.query, ...(period === 'custom' ? {} : periodAround(period, today())) } });
  const { period } = view;
  const step = (kind: Exclude<PeriodKind, 'custom'>, by: -1 | 1) =>
    onChange({ period: kind, query: { ...view.query, ...stepPeriod(kind, view.query.from, by) } });
  const setFilter = (key: 'employeeId' | 'brandId' | 'cityId', value: string) =>
    onChange({ ...view, query: { ...view.query, [key]: value ? Number(value) : undefined } });
  // Another country leaves no city of the one before.
  const setCountry = (value: string) =>
    onChange({ ...view, query: { ...view.query, countryId: value ? Number(value) : undefined, cityId: undefined } });
  const setPostalCode = (value: string) => {
    const postalCode = value.trim() || undefined;
    if (postalCode !== view.query.postalCode) onChange({ ...view, query: { ...view.query, postalCode } });
  };
  return (
    <CardSection titleId="overview-filters" title={t.filters} className="mb-3">
      <div className="row g-3">
        <FilterSelect
          id="overview-period"
          label={t.period}
          value={view.period}
          choices={PERIOD_KINDS.map((kind) => ({ value: kind, label: t.periods[kind] }))}
          onChange={(value) => setPeriod(value as PeriodKind)}
        />
        {view.period === 'custom' && (
          <>
            <div className="col-12 col-sm-6 col-lg-3">
              <DateField
                key={view.query.from}
                id="overview-from"
                label={t.from}
                value={view.query.from}
                max={view.query.to}
                onChange={(from) => onChange({ ...view, query: { ...view.query, from } })}
              />
            </div>
            <div className="col-12 col-sm-6 col-lg-3">
              <DateField
                key={view.query.to}
                id="overview-to"
                label={t.to}
                value={view.query.to}
                min={view.query.from}
                onChange={(to) => onChange({ ...view, query: { ...view.query, to } })}
              />
            </div>
          </>
        )}
        {team && (
          <FilterSelect
            id="overview-rep"
            label={t.rep}
            all={t.allReps}
            value={String(view.query.employeeId ?? '')}
            choices={(choices.employees.data ?? []).map((e) => ({ value: String(e.id), label: `${e.firstName} ${e.name}` }))}
            onChange={(value) => setFilter('employeeId', value)}
          />
        )}
        <FilterSelect
          id="overview-brand"
          className="col-12 col-sm-6 col-lg-2"
          label={t.brand}
          all={t.allBrands}
          value={String(view.query.brandId ?? '')}
          choices={(choices.brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(value) => setFilter('brandId', value)}
        />
        <FilterSelect
          id="overview-country"
          className="col-12 col-sm-6 col-lg-2"
          label={t.country}
          all={t.allCountries}
          value={String(countryId ?? '')}
          choices={(choices.countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={setCountry}
        />
        {countryId !== undefined && (
          <FilterSelect
            id="overview-city"
            label={t.city}
            all={t.allCities}
            value={String(view.query.cityId ?? '')}
            choices={(choices.cities.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.postalCode ? `${c.postalCode} ${c.name}` : c.name,
            }))}
            onChange={(value) => setFilter('cityId', value)}
          />
        )}
        <div className="col-12 col-sm-6 col-lg-3">
          <label htmlFor="overview-postal-code" className="form-label">
            {t.postalCode}
          </label>
          {/* Keyed by the address's value: a link or Back that changes it shows it here. */}
          <input
            key={view.query.postalCode ?? ''}
            id="overview-postal-code"
            className="form-control"
            inputMode="numeric"
            defaultValue={view.query.postalCode ?? ''}
            onBlur={(e) => setPostalCode(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setPostalCode(e.currentTarget.value)}
          />
        </div>
      </div>
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
    </CardSection>
  );
}

/** The filtered visits as a file: the browser downloads what the API streams. */
function Exports({ view, own }: { view: OverviewView; own: boolean }) {
  const endpoints = overviewEndpoints(own);
  const input = { query: apiQuery(view.query, own) };
  return (
    <CardSection titleId="overview-exports" title={t.exports} intro={t.exportsIntro} className="mb-3">
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-outline-primary action-button" href={API_ROOT + callPath(endpoints.xlsx, input)} download>
          {t.exportXlsx}
        </a>
        <a className="btn btn-outline-primary action-button" href={API_ROOT + callPath(endpoints.csv, input)} download>
          {t.exportCsv}
        </a>
      </div>
    </CardSection>
  );
}

function Visits({ view, own }: { view: OverviewView; own: boolean }) {
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
                <dd className="col-4 col-sm-8 fw-semibold">{count(v.total)}</dd>
                <dt className="col-8 col-sm-4 fw-normal">{t.visits.newShops}</dt>
                <dd className="col-4 col-sm-8 fw-semibold">{count(v.newShops)}</dd>
              </dl>
              {v.total === 0 ? (
                <p className="text-body-secondary mb-0">{t.visits.none}</p>
              ) : (
                <>
                  <h3 className="h6">{t.visits.perWeek}</h3>
                  <ChartWithTable title={t.visits.perWeek} xLabel={t.visits.week} series={series} formatX={formatDay} formatY={count} />
                  {perRep.length > 1 && (
                    <details className="mt-1">
                      <summary className="chart-table-toggle">{t.visits.perRepWeek}</summary>
                      <SeriesTable title={t.visits.perRepWeek} xLabel={t.visits.week} series={perRep} formatX={formatDay} formatY={count} />
                    </details>
                  )}
                  <div className="row mt-3">
                    {!own && (
                      <div className="col-12 col-md-6">
                        <SimpleTable
                          caption={t.visits.perRep}
                          head={[t.rep, t.visits.count]}
                          rows={repTotals.map(([name, n]) => [name, count(n)])}
                          sortBy={{ values: repTotals, first: 1 }}
                        />
                      </div>
                    )}
                    <div className="col-12 col-md-6">
                      <SimpleTable
                        caption={t.visits.types}
                        head={[t.visits.types, t.visits.count]}
                        rows={v.visitTypes.map((type) => [type.visitTypeName, count(type.visits)])}
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

/** A small table of figures, its caption as its heading: the first column names the row, the others are numbers unless `text` says so. */
function SimpleTable({
  caption,
  head,
  rows,
  text = [],
  sortBy,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  text?: number[];
  /** Makes the headers sort buttons: each row's value per column (names in Dutch order, numbers most first), and the column sorted by first. */
  sortBy?: { values: (string | number)[][]; first: number };
}) {
  const align = (i: number) => (i && !text.includes(i) ? 'text-end' : undefined);
  const [sort, setSort] = useState(() => ({
    column: sortBy?.first ?? 0,
    descending: sortBy ? typeof sortBy.values[0]?.[sortBy.first] === 'number' : false,
  }));
  const order = rows.map((_, r) => r);
  if (sortBy) {
    const value = (r: number) => sortBy.values[r][sort.column];
    const compare = (a: number, b: number) => {
      const x = value(a);
      const y = value(b);
      return typeof x === 'number' && typeof y === 'number' ? x - y : compareDutch(String(x), String(y));
    };
    // Equal values keep the name order (the first column), whatever the direction.
    order.sort(
      (a, b) =>
        (sort.descending ? -compare(a, b) : compare(a, b)) || compareDutch(String(sortBy.values[a][0]), String(sortBy.values[b][0])),
    );
  }
  const choose = (column: number) =>
    setSort((now) =>
      now.column === column
        ? { column, descending: !now.descending }
        : { column, descending: typeof sortBy?.values[0]?.[column] === 'number' },
    );
  return (
    <TableScroller label={caption}>
      <table className="table table-sm">
        <caption className="caption-top h6 text-body">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                className={align(i)}
                aria-sort={sortBy && sort.column === i ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                {sortBy ? (
                  <button type="button" className="btn btn-link p-0 fw-semibold text-body sort-button" onClick={() => choose(i)}>
                    {h}
                    <span aria-hidden="true">{sort.column === i ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
                  </button>
                ) : (
                  h
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order
            .map((r) => rows[r])
            .map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i ? (
                    <td key={i} className={align(i)}>
                      {cell}
                    </td>
                  ) : (
                    <th key={i} scope="row" className="fw-normal">
                      {cell}
                    </th>
                  ),
                )}
              </tr>
            ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

function Coverage({ view, own }: { view: OverviewView; own: boolean }) {
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
              <p className="fs-4 fw-semibold mb-1">{formatSellout(Math.round(c.share * 1000) / 10)}</p>
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
                      s.daysSince === null ? '' : count(s.daysSince),
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

function Todos({ view, own }: { view: OverviewView; own: boolean }) {
  const todos = useOverviewFigure('todos', view.query, own);
  return (
    <CardSection titleId="overview-todos" title={t.todos.title} className="mb-3">
      <Figure query={todos}>
        {(d) =>
          d.assignees.length === 0 ? (
            <p className="text-body-secondary mb-0">{t.todos.none}</p>
          ) : (
            <SimpleTable
              caption={t.todos.perAssignee}
              head={[t.todos.assignee, t.todos.open, t.todos.done, t.todos.oldest]}
              rows={d.assignees.map((a) => [
                a.employeeName,
                count(a.open),
                count(a.done),
                a.oldestOpenDays === null ? '' : count(a.oldestOpenDays),
              ])}
            />
          )
        }
      </Figure>
    </CardSection>
  );
}

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

function Brands({ view, own }: { view: OverviewView; own: boolean }) {
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
                    rows={b.interests.map((i) => [i.brandName, count(i.shops), count(i.visits)])}
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
                    count(c.visits),
                    count(c.shops),
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

export function OverviewPage() {
  const me = useMe();
  const team = seesTheTeam(me.data?.roles);
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search, today());
  const onChange = (next: OverviewView) => setSearch(searchFromView(next, today()), { replace: true });
  // Until her roles are known a manager is not yet one: asking then would fetch Mijn overzicht and switch after.
  if (me.isPending) return <Loading text={t.loading} />;
  const own = !team;
  return (
    <section>
      <h1 className="h3">{team ? t.teamTitle : t.ownTitle}</h1>
      {own && <p className="text-body-secondary">{t.ownIntro}</p>}
      <Filters view={view} team={team} onChange={onChange} />
      <Visits view={view} own={own} />
      <Coverage view={view} own={own} />
      <Todos view={view} own={own} />
      <Brands view={view} own={own} />
      <Exports view={view} own={own} />
    </section>
  );
}
