// The funnel (decision 068): how many shops entered each stage of the pipeline in the overview's period, or in a
// season's pre-order windows; in total, per FC70 brand and per rep, with why shops said no.
import { PIPELINE_STATUSES, type PipelineStatus } from '@prospectie/contract/pipeline';
import type { OverviewFunnel, Season } from '@prospectie/contract';
import { CardSection } from '../../components/CardSection';
import { ChartWithTable } from '../../components/ChartWithTable';
import { nlOverview } from '../../i18n/nlOverview';
import { nlPipeline } from '../../i18n/nlPipeline';
import { compareDutch, formatCount, formatDate } from '../../lib/format';
import { useOverviewFigure, useSeasons } from './api';
import { Figure } from './Figure';
import { FilterSelect } from './Filters';
import { formatCountOrNone, formatShare } from './format';
import type { OverviewView } from './period';
import { SimpleTable } from './SimpleTable';

const t = nlOverview.funnel;
const range = (w: { startsOn: string; endsOn: string }) => nlOverview.range(formatDate(w.startsOn), formatDate(w.endsOn));

/** The stages in the funnel's order: the way to a customer, then the ways out (the contract lists them so). */
const STAGES: readonly PipelineStatus[] = PIPELINE_STATUSES;
const stageName = (i: number) => nlPipeline.status[STAGES[i]];

type Figures = OverviewFunnel['total'];

/** A row's figures: the shops per stage, the conversion and the median days, as the tables show them. */
const cells = (f: Figures) => [
  ...STAGES.map((s) => formatCount(f.entered[s])),
  formatShare(f.conversion),
  formatCountOrNone(f.medianDaysToCustomer),
];
/** The same as values to sort by (none below every figure). */
const values = (f: Figures) => [...STAGES.map((s) => f.entered[s]), f.conversion ?? -1, f.medianDaysToCustomer ?? -1];
const head = (first: string) => [first, ...STAGES.map((s) => nlPipeline.status[s]), t.conversionShort, t.medianShort];

/** A table of the funnel per brand or per rep, in name order; each header sorts. */
function FunnelTable({ caption, first, rows }: { caption: string; first: string; rows: (Figures & { name: string })[] }) {
  const sorted = [...rows].sort((a, b) => compareDutch(a.name, b.name));
  return (
    <SimpleTable
      caption={caption}
      head={head(first)}
      rows={sorted.map((r) => [r.name, ...cells(r)])}
      sortBy={{ values: sorted.map((r) => [r.name, ...values(r)]), first: 0 }}
    />
  );
}

/** What the funnel counted: the total as a chart with its table, the tables per brand and per rep, the reasons. */
function FunnelFigures({ funnel, own }: { funnel: OverviewFunnel; own: boolean }) {
  const { total } = funnel;
  if (STAGES.every((s) => total.entered[s] === 0)) return <p className="text-body-secondary mb-0">{t.none}</p>;
  const series = [{ name: t.shops, points: STAGES.map((s, x) => ({ x, y: total.entered[s] })) }];
  return (
    <>
      <dl className="row mb-2">
        <dt className="col-8 col-sm-4 fw-normal">{t.conversion}</dt>
        <dd className="col-4 col-sm-8 fw-semibold">{formatShare(total.conversion)}</dd>
        <dt className="col-8 col-sm-4 fw-normal">{t.median}</dt>
        <dd className="col-4 col-sm-8 fw-semibold">{formatCountOrNone(total.medianDaysToCustomer)}</dd>
      </dl>
      <h3 className="h6">{t.chart}</h3>
      <ChartWithTable title={t.chart} xLabel={t.stage} series={series} formatX={stageName} formatY={formatCount} bars />
      <div className="mt-3">
        {funnel.brands.length > 0 && (
          <FunnelTable caption={t.perBrand} first={t.brand} rows={funnel.brands.map((b) => ({ ...b, name: b.brandName }))} />
        )}
        {!own && funnel.reps.length > 0 && (
          <FunnelTable caption={t.perRep} first={nlOverview.rep} rows={funnel.reps.map((r) => ({ ...r, name: r.employeeName }))} />
        )}
        {funnel.reasons.length > 0 && (
          <div className="row">
            <div className="col-12 col-md-6">
              <SimpleTable
                caption={t.reasons}
                head={[t.reason, t.shops]}
                rows={funnel.reasons.map((r) => [nlPipeline.reason[r.reason], formatCount(r.shops)])}
              />
            </div>
          </div>
        )}
      </div>
    </>
  );
}

/** Which days the funnel counts: the overview's period, or the chosen season's window and its brands' own windows. */
function CountedWindow({ view, season }: { view: OverviewView; season: Season | undefined }) {
  if (!season)
    return <p className="small text-body-secondary">{t.ofPeriod(range({ startsOn: view.query.from, endsOn: view.query.to }))}</p>;
  return (
    <div className="small text-body-secondary mb-3">
      <p className="mb-1">{t.ofSeason(season.name, range(season))}</p>
      {season.brandWindows.length > 0 && (
        <>
          <p className="mb-1">{t.brandWindows}</p>
          <ul className="mb-0">
            {season.brandWindows.map((w) => (
              <li key={w.brandId}>{t.brandWindow(w.brandName, range(w))}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The funnel of the view's period, or of a season she picks (kept in the address with the rest of the view). */
export function Funnel({ view, own, onChange }: { view: OverviewView; own: boolean; onChange: (view: OverviewView) => void }) {
  const seasons = useSeasons();
  const season = view.seasonId === undefined ? undefined : seasons.data?.find((s) => s.id === view.seasonId);
  // A season from the address counts only once its window is known; one that is gone leaves the period.
  const waitsForSeason = view.seasonId !== undefined && !seasons.isSuccess;
  const query = season ? { ...view.query, from: season.startsOn, to: season.endsOn, seasonId: season.id } : view.query;
  const funnel = useOverviewFigure('funnel', query, own, !waitsForSeason);
  return (
    <CardSection titleId="overview-funnel" title={t.title} className="mb-3">
      <div className="row g-3 mb-2">
        <FilterSelect
          id="overview-funnel-season"
          label={t.season}
          all={t.noSeason}
          value={season ? String(season.id) : ''}
          choices={(seasons.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(value) => onChange({ ...view, seasonId: value ? Number(value) : undefined })}
        />
      </div>
      <div aria-live="polite">
        <CountedWindow view={view} season={season} />
      </div>
      {waitsForSeason ? (
        <Figure query={seasons}>{() => null}</Figure>
      ) : (
        <Figure query={funnel}>{(f) => <FunnelFigures funnel={f} own={own} />}</Figure>
      )}
    </CardSection>
  );
}
