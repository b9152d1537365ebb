// The chart ChartWithTable draws: Chart.js with only the pieces a line over a numeric x needs, and bars over named x
// values (the overview's funnel), in a chunk of its own that only the pages with a chart load
// (docs/decisions/032-charts.md).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type PointStyle,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** A line of the chart, and a column of ChartWithTable's table. */
export interface ChartSeries {
  name: string;
  points: { x: number; y: number }[];
}

/** Colours that stay apart for the common colour blindnesses (Okabe-Ito), with a point shape each as a second cue. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];
const POINT_STYLES: PointStyle[] = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'cross', 'dash'];

export interface LineChartProps {
  series: ChartSeries[];
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  yMax?: number;
  /** Bars side by side at each x (its name from formatX) instead of lines: for figures whose x is a kind, not a day. */
  bars?: boolean;
}

export default function LineChart({ series, formatX, formatY, yMax, bars = false }: LineChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    // Ticks at the x values the series have (the visit dates), not at round numbers between them; a margin
    // around them keeps the first and last points off the axes' edges.
    const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
    const margin = Math.max(1, (xs[xs.length - 1] - xs[0]) * 0.05);
    // Whole numbers on the y axis: a count of visits has no 1,8 and a sell-out reads well in whole percents.
    const y = {
      type: 'linear',
      min: 0,
      suggestedMax: yMax,
      ticks: { precision: 0, callback: (value: number | string) => formatY(Number(value)) },
    } as const;
    const legend = { position: 'bottom', labels: { usePointStyle: true, boxHeight: 8 } } as const;
    const label = (item: { dataset: { label?: string }; parsed: { y: number | null } }) =>
      `${item.dataset.label}: ${formatY(item.parsed.y ?? 0)}`;
    const colour = (i: number) => COLOURS[i % COLOURS.length];
    const config: ChartConfiguration<'bar'> | ChartConfiguration<'line'> = bars
      ? {
          type: 'bar',
          data: {
            labels: xs.map(formatX),
            datasets: series.map((s, i) => ({
              label: s.name,
              data: xs.map((x) => s.points.find((p) => p.x === x)?.y ?? null),
              backgroundColor: colour(i),
              skipNull: true,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: { x: { type: 'category', ticks: { autoSkip: false, maxRotation: 45 } }, y },
            plugins: { legend, tooltip: { callbacks: { label } } },
          },
        }
      : {
          type: 'line',
          data: {
            datasets: series.map((s, i) => ({
              label: s.name,
              data: s.points,
              borderColor: colour(i),
              backgroundColor: colour(i),
              pointStyle: POINT_STYLES[i % POINT_STYLES.length],
              pointRadius: 4,
              borderWidth: 2,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: {
                type: 'linear',
                min: xs[0] - margin,
                max: xs[xs.length - 1] + margin,
                afterBuildTicks: (axis) => {
                  axis.ticks = xs.map((value) => ({ value }));
                },
                ticks: { callback: (value) => formatX(Number(value)), autoSkip: true, maxRotation: 45 },
              },
              y,
            },
            plugins: {
              legend,
              tooltip: { callbacks: { title: (items) => (items[0] ? formatX(items[0].parsed.x ?? 0) : ''), label } },
            },
          },
        };
    const chart = new Chart(context, config as ChartConfiguration);
    return () => chart.destroy();
  }, [series, formatX, formatY, yMax, bars]);
  return <canvas ref={canvas} aria-hidden="true" />;
}
