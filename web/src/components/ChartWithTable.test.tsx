import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChartWithTable, chartTableRows } from './ChartWithTable';

// jsdom has no canvas: the drawing itself is checked in the browser (e2e); here the chart stands in as a marker.
vi.mock('./LineChart', () => ({ default: () => <canvas aria-hidden="true" data-testid="chart" /> }));

const series = [
  {
    name: 'Linde & Lou',
    points: [
      { x: 1, y: 30 },
      { x: 3, y: 45.5 },
    ],
  },
  { name: 'Noord & Zee', points: [{ x: 1, y: 40 }] },
];

describe('a chart with its figures as a table', () => {
  it('names the chart for screen readers and gives every figure in a table, a brand per column and an x per row', async () => {
    render(
      <ChartWithTable
        title="Sellout per brand"
        xLabel="Datum"
        series={series}
        formatX={(x) => `dag ${x}`}
        formatY={(y) => `${String(y).replace('.', ',')}%`}
      />,
    );
    expect(screen.getByRole('img', { name: 'Sellout per brand: grafiek, de cijfers staan ook in de tabel eronder' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveAttribute('aria-hidden', 'true');

    await userEvent.click(screen.getByText('Cijfers als tabel'));
    const table = screen.getByRole('table', { name: 'Sellout per brand' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Datum', 'Linde & Lou', 'Noord & Zee']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['30%', '40%'],
      ['45,5%', ''],
    ]);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['dag 1', 'dag 3']);
  });

  it('puts the rows in x order, whichever series has the x', () => {
    expect(
      chartTableRows([
        { name: 'a', points: [{ x: 5, y: 1 }] },
        { name: 'b', points: [{ x: 2, y: 7 }] },
      ]),
    ).toEqual([
      { x: 2, values: [undefined, 7] },
      { x: 5, values: [1, undefined] },
    ]);
  });
});
