// The host's benchmark index, read as Lighthouse reads it (Lighthouse's own computeBenchmarkIndex, run in a page
// of the bench's Chromium), and the CPU slowdowns that make this host run a page as a mid-tier phone (index 1,000,
// Pixel 5 class) and a low-tier one (index 264, Moto G Power 2022 class) would: index ÷ device index, as Chrome
// DevTools' calibrated presets aim at. Decision 034.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser } from 'playwright-core';

export const MID_TIER_INDEX = 1000;
export const LOW_TIER_INDEX = 264;

export interface Tier {
  name: 'mid-tier' | 'low-tier';
  deviceIndex: number;
  /** index ÷ deviceIndex, two decimals (the throttling backend keeps hundredths). */
  exactRate: number;
  /** The rate applied: exactRate, or 1 when the host is slower than the device (it cannot be sped up). */
  rate: number;
  /** Whether the host is fast enough to emulate the device (exactRate ≥ 1). */
  emulated: boolean;
  /** One reading of the index with the rate applied: how close the slowdown comes to the device's index. */
  indexAtRate: number;
}

export interface Calibration {
  /** Median of the readings after a warm-up, the figure the rates derive from. */
  index: number;
  readings: number[];
  mid: Tier;
  low: Tier;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Reads the index (two warm-up readings first, for V8, as DevTools warms up before it calibrates; then `readings`
 * readings, about 1 s each) and derives both tiers. On a shared machine the readings move by a factor of 2 or more.
 */
export async function calibrate(browser: Browser, readings = 5): Promise<Calibration> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const read = async (rate: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      return page.evaluate(pageFunctions.computeBenchmarkIndex);
    };
    await read(1);
    await read(1);
    const values: number[] = [];
    for (let i = 0; i < readings; i++) values.push(await read(1));
    const index = median(values);
    const tier = async (name: Tier['name'], deviceIndex: number): Promise<Tier> => {
      const exactRate = round2(index / deviceIndex);
      const rate = Math.max(1, exactRate);
      return { name, deviceIndex, exactRate, rate, emulated: exactRate >= 1, indexAtRate: await read(rate) };
    };
    const mid = await tier('mid-tier', MID_TIER_INDEX);
    const low = await tier('low-tier', LOW_TIER_INDEX);
    return { index, readings: values, mid, low };
  } finally {
    await context.close();
  }
}

/** The calibration's lines for the log; a host too slow to emulate a tier says so in capitals. */
export function describeCalibration(c: Calibration): string[] {
  const lines = [`  host benchmark index ${c.index} (median of ${c.readings.join(', ')}; Lighthouse's computeBenchmarkIndex)`];
  for (const t of [c.mid, c.low]) {
    lines.push(
      `  ${t.name} (index ${t.deviceIndex}): CPU slowdown ${t.rate}x${t.emulated ? ` = ${c.index} ÷ ${t.deviceIndex}` : ` (${c.index} ÷ ${t.deviceIndex} = ${t.exactRate}, below 1)`}; the index read at that rate: ${t.indexAtRate}`,
    );
    if (!t.emulated)
      lines.push(
        `  !!! HOST TOO SLOW: index ${c.index} < ${t.deviceIndex}: this host cannot emulate a ${t.name} phone (rate ${t.exactRate} < 1); ` +
          `its ${t.name} figures are measured unthrottled (slower than that phone would be) and the bench exits 1.`,
      );
  }
  return lines;
}
