// npm run bench:pair -- DIST_A DIST_B [PAIRS]: two web builds compared by loads taken in alternating pairs, for a
// change whose effect is smaller than what a busy host moves a single load by (2026-11-26: the same build's warm
// Home LCP 728 and 1,428 ms a minute apart). Each build is served by a server of its own on a copy of the same data
// set; each pair loads A and B one right after the other (B first in every other pair), so what the host does
// meanwhile weighs on both. Printed: per pair the warm and the cold Home LCP of each, the medians, and the median of
// the pair differences B − A, which is the figure to judge by. See bench/README.md.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { calibrate, describeCalibration } from './calibrate.js';
import { loadDataSet } from './data.js';
import { startServer } from './server.js';
import { chromiumArgs, pageLoad, warmLoad } from './pageLoad.js';

const [distA, distB, pairsArg] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: npm run bench:pair -- DIST_A DIST_B [PAIRS]   (each a `vite build --outDir` directory)');
  process.exit(2);
}
const pairs = Number(pairsArg ?? 8);
const port = Number(process.env.BENCH_PORT ?? 3130);
const log = (line: string) => console.log(line);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

const dataA = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-pair-a-'));
const dataB = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-pair-b-'));
try {
  await loadDataSet({ dataDir: dataA }, 'PGlite, then a copy of it for B', log);
  cpSync(dataA, dataB, { recursive: true });

  const a = await startServer({ port, env: { DATA_DIR: dataA }, webDist: path.resolve(distA) });
  const b = await startServer({ port: port + 1, env: { DATA_DIR: dataB }, webDist: path.resolve(distB) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const calibration = await calibrate(browser);
    for (const line of describeCalibration(calibration)) log(line);
    const cpu = calibration.mid.rate;
    // The servers' first answers after their start are slow: one unmeasured load each.
    for (const server of [a, b]) await pageLoad(browser, server, '/', '#shop-select', 1);
    const figures = { warm: { A: [] as number[], B: [] as number[] }, cold: { A: [] as number[], B: [] as number[] } };
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const);
      for (const kind of ['warm', 'cold'] as const) {
        for (const which of order) {
          const server = which === 'A' ? a : b;
          const load = kind === 'warm' ? warmLoad : pageLoad;
          figures[kind][which].push((await load(browser, server, '/', '#shop-select', cpu)).lcpMs);
        }
      }
      log(
        `  pair ${pair + 1}: warm A ${figures.warm.A[pair]} B ${figures.warm.B[pair]}; ` +
          `cold A ${figures.cold.A[pair]} B ${figures.cold.B[pair]} ms`,
      );
    }
    for (const kind of ['warm', 'cold'] as const) {
      const { A, B } = figures[kind];
      const differences = A.map((value, i) => B[i] - value);
      log(
        `Home LCP ${kind}, mid-tier ${cpu}x, ${pairs} pairs: median A ${median(A)} ms, B ${median(B)} ms; ` +
          `median pair difference B − A ${median(differences)} ms (from ${Math.min(...differences)} to ${Math.max(...differences)})`,
      );
    }
    const after = await calibrate(browser, 3);
    log(`host benchmark index after the loads: ${after.index}`);
  } finally {
    await browser.close();
    await a.stop();
    await b.stop();
  }
} finally {
  rmSync(dataA, { recursive: true, force: true });
  rmSync(dataB, { recursive: true, force: true });
}
