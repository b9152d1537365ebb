import { describe, expect, it } from 'vitest';
import type { ShopSellout } from '@prospectie/contract';
import { dayNumber, formatDay } from '../../lib/format';
import { selloutSeries } from './sellout';

const row = (prospectionId: number, visitDate: string, brandId: number, brandName: string, sellout: number): ShopSellout => ({
  prospectionId,
  visitDate,
  brandId,
  brandName,
  sellout,
});

describe('the shop page sell-out chart', () => {
  it('draws one line per FC70 brand, by name, each visit date a point in date order', () => {
    const series = selloutSeries([
      row(1, '2026-03-02', 2, 'Noord & Zee', 40),
      row(1, '2026-03-02', 1, 'Linde & Lou', 30),
      row(2, '2026-09-15', 1, 'Linde & Lou', 45.5),
    ]);
    expect(series).toEqual([
      {
        name: 'Linde & Lou',
        points: [
          { x: dayNumber('2026-03-02'), y: 30 },
          { x: dayNumber('2026-09-15'), y: 45.5 },
        ],
      },
      { name: 'Noord & Zee', points: [{ x: dayNumber('2026-03-02'), y: 40 }] },
    ]);
  });

  it('two visits on one day with a figure for the same brand show as one point, their average', () => {
    const [series] = selloutSeries([row(1, '2026-03-02', 1, 'Linde & Lou', 30), row(2, '2026-03-02', 1, 'Linde & Lou', 41)]);
    expect(series.points).toEqual([{ x: dayNumber('2026-03-02'), y: 35.5 }]);
  });

  it('no sell-out at all gives no lines', () => {
    expect(selloutSeries([])).toEqual([]);
  });

  it('writes a visit date the Flemish way, whatever the summer time', () => {
    expect(formatDay(dayNumber('2026-03-29'))).toBe('29/03/2026');
    expect(formatDay(dayNumber('2026-10-25'))).toBe('25/10/2026');
  });
});
