// The shop page's sell-out chart from the API's rows: one line per FC70 brand, x the visit date as a day number.
import type { ShopSellout } from '@prospectie/contract';
import type { ChartSeries } from '../../components/ChartWithTable';
import { compareDutch, dayNumber } from '../../lib/format';

/**
 * One series per brand, by name, its points by date. Two visits on one day with a figure for the same brand
 * count as one point: their average.
 */
export function selloutSeries(rows: ShopSellout[]): ChartSeries[] {
  const byBrand = new Map<number, { name: string; days: Map<number, number[]> }>();
  for (const row of rows) {
    const brand = byBrand.get(row.brandId) ?? { name: row.brandName, days: new Map<number, number[]>() };
    byBrand.set(row.brandId, brand);
    const day = dayNumber(row.visitDate);
    brand.days.set(day, [...(brand.days.get(day) ?? []), row.sellout]);
  }
  return [...byBrand.values()]
    .sort((a, b) => compareDutch(a.name, b.name))
    .map((brand) => ({
      name: brand.name,
      points: [...brand.days.entries()]
        .sort(([a], [b]) => a - b)
        .map(([x, values]) => ({ x, y: Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10 })),
    }));
}
