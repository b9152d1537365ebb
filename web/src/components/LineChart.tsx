// The line chart ChartWithTable draws: Chart.js with only the pieces a line over a numeric x needs, in a chunk of its
// own that only the pages with a chart load (docs/decisions/032-charts.md).
import { Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type PointStyle } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);

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
}

export default function LineChart({ series, formatX, formatY, yMax }: LineChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    // Ticks at the x values the series have (the visit dates), not at round numbers between them; a margin
    // around them keeps the first and last points off the axes' edges.
    const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
    const margin = Math.max(1, (xs[xs.length - 1] - xs[0]) * 0.05);
    const chart = new Chart(context, {
      type: 'line',
      data: {
        datasets: series.map((s, i) => ({
          label: s.name,
          data: s.points,
          borderColor: COLOURS[i % COLOURS.length],
          backgroundColor: COLOURS[i % COLOURS.length],
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
          // Whole numbers on the y axis: a count of visits has no 1,8 and a sell-out reads well in whole percents.
          y: { type: 'linear', min: 0, suggestedMax: yMax, ticks: { precision: 0, callback: (value) => formatY(Number(value)) } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { usePointStyle: true, boxHeight: 8 } },
          tooltip: {
            callbacks: {
              title: (items) => (items[0] ? formatX(items[0].parsed.x ?? 0) : ''),
              label: (item) => `${item.dataset.label}: ${formatY(item.parsed.y ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [series, formatX, formatY, yMax]);
  return <canvas ref={canvas} aria-hidden="true" />;
}
