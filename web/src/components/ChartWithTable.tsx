// A chart with its figures in a table too: the chart for the eye, the table for screen readers and for copying
// (decision 033). The chart's code (Chart.js) loads only when a chart is drawn (docs/decisions/032-charts.md).
import { Suspense, useEffect, useRef, useState } from 'react';
import { nlCharts } from '../i18n/nlCharts';
import type { ChartSeries } from './LineChart';
import { TableScroller } from './TableScroller';
import { lazyExtra } from '../lib/lazyNow';

export type { ChartSeries };

const LineChart = lazyExtra(() => import('./LineChart').then((m) => m.default));

export interface ChartWithTableProps {
  /** What the chart shows: the table's caption and the chart's accessible name. */
  title: string;
  /** The table's first column: what x is (e.g. 'Datum'). */
  xLabel: string;
  series: ChartSeries[];
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  /** The y axis reaches at least this far (100 for a percentage). */
  yMax?: number;
  /** Bars at each x instead of lines: x is then a kind that formatX names (the funnel's stages), not a day. */
  bars?: boolean;
}

/** One row per x any series has, in order; a series without a value at an x shows as empty. */
export function chartTableRows(series: ChartSeries[]): { x: number; values: (number | undefined)[] }[] {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  return xs.map((x) => ({ x, values: series.map((s) => s.points.find((p) => p.x === x)?.y) }));
}

/**
 * Whether the box has come near the screen: the chart's code and drawing wait until then, so a chart below the fold
 * costs the page's first seconds nothing. Without IntersectionObserver, at once.
 */
function useNearScreen() {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px',
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);
  return { box, near };
}

/** The figures of series as a table: a column per series, a row per x (also on its own, for figures without a chart). */
export function SeriesTable({ title, xLabel, series, formatX, formatY }: Omit<ChartWithTableProps, 'yMax' | 'bars'>) {
  const rows = chartTableRows(series);
  return (
    <TableScroller label={title}>
      <table className="table table-sm mb-0">
        <caption className="caption-top">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {series.map((s) => (
              <th scope="col" key={s.name} className="text-end">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.x}>
              <th scope="row" className="fw-normal">
                {formatX(row.x)}
              </th>
              {row.values.map((value, i) => (
                <td key={series[i].name} className="text-end">
                  {value === undefined ? '' : formatY(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

export function ChartWithTable({ title, xLabel, series, formatX, formatY, yMax, bars }: ChartWithTableProps) {
  const { box, near } = useNearScreen();
  const loading = <p className="text-body-secondary small">{nlCharts.loading}</p>;
  return (
    <figure className="mb-0">
      <div ref={box} className="chart-box" role="img" aria-label={nlCharts.label(title)}>
        {near ? (
          <Suspense fallback={loading}>
            <LineChart series={series} formatX={formatX} formatY={formatY} yMax={yMax} bars={bars} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
      <details className="mt-2">
        <summary className="chart-table-toggle">{nlCharts.asTable}</summary>
        <SeriesTable title={title} xLabel={xLabel} series={series} formatX={formatX} formatY={formatY} />
      </details>
    </figure>
  );
}
