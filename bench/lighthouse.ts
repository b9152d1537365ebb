// Lighthouse (the `lighthouse` package, mobile preset with its simulated throttling) on the bench's server, with
// the CPU slowdown calibrated to the host (decision 034) instead of Lighthouse's fixed 4x. It drives a Chromium of
// its own: the same Debian binary as the rest of the bench, started here with a DevTools port (no browser is
// downloaded, and chrome-launcher is not needed).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium as playwrightChromium } from 'playwright-core';
import { throttling } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { RunningServer } from './server.js';

/** One run's report, as `lighthouse()` gives it. */
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export interface LighthouseFigures {
  page: string;
  url: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** The index Lighthouse read itself during this run (its BenchmarkIndex artifact). */
  benchmarkIndex: number;
  cpuSlowdownMultiplier: number;
  warnings: string[];
  /** Every run's performance score, in the order run; the figures above are those of the median run. */
  runScores: number[];
}

/**
 * How many times each page is measured: Lighthouse's own guidance on variability is the median of several runs
 * (5 in its docs), as one simulated run moves with the host's load (a shop page read 83–94 in four runs on one
 * quiet host). `LIGHTHOUSE_RUNS` sets it (1 for a quick look).
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Math.min(9, Number(process.env.LIGHTHOUSE_RUNS) || 5));

/** Debian's Chromium, headless, with a DevTools port chosen by Chromium (read from its "DevTools listening on" line). */
async function launchChromium() {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-lighthouse-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      '--disable-extensions',
      `--user-data-dir=${userDataDir}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    // A process group of its own, so that stopping it stops its helper processes too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s: ${text}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}: ${text}`));
    });
  });
  child.stderr.resume();
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      // Helper processes may still write the profile a moment after the browser exits; a profile left in /tmp
      // must not cost the figures already taken.
      try {
        rmSync(userDataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
      } catch {
        // left for the system's /tmp cleaning
      }
    },
  };
}

/** One Lighthouse run of one page in a Chromium of its own; Lighthouse's own runtime error is returned, not thrown. */
async function lighthouseOnce(
  server: RunningServer,
  urlPath: string,
  cpuSlowdownMultiplier: number,
): Promise<{ lhr: Report } | { runtimeError: string }> {
  // A Chromium per page, with a profile of its own: Lighthouse clears the service worker and caches, not IndexedDB.
  const chromium = await launchChromium();
  try {
    const url = server.base + urlPath;
    // The session as a real cookie, not Lighthouse's extraHeaders: those reach only the page's own requests, and
    // the shop list is read by a worker (web/src/api/listInWorker.ts), which would then be signed out.
    const cdp = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${chromium.port}`);
    await cdp.contexts()[0].addCookies([{ name: 'prospectie_session', value: server.token, url: server.base }]);
    await cdp.close();
    const result = await lighthouse(
      url,
      { port: chromium.port, logLevel: 'error', output: 'json' },
      {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['performance'],
          throttlingMethod: 'simulate',
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
        },
      },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) return { runtimeError: `${lhr.runtimeError.code} ${lhr.runtimeError.message}` };
    return { lhr };
  } finally {
    await chromium.stop();
  }
}

export async function runLighthouse(
  server: RunningServer,
  pages: { page: string; path: string }[],
  cpuSlowdownMultiplier: number,
  log: (line: string) => void = console.log,
): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const { page, path: urlPath } of pages) {
    const runs: Report[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      // Lighthouse's own failure to record its trace (NO_NAVSTART, seen 2026-11-26 on one page of a busy host) says
      // nothing about the page: that run is made once more in a fresh Chromium. A second failure stands.
      let outcome = await lighthouseOnce(server, urlPath, cpuSlowdownMultiplier);
      if ('runtimeError' in outcome) {
        log(`  Lighthouse on ${page}: ${outcome.runtimeError}; measured again`);
        outcome = await lighthouseOnce(server, urlPath, cpuSlowdownMultiplier);
      }
      if ('runtimeError' in outcome) throw new Error(`Lighthouse on ${server.base + urlPath}: ${outcome.runtimeError}`);
      runs.push(outcome.lhr);
    }
    // Lighthouse's own choice of the median run: the one nearest the medians of its FCP and time to interactive.
    const lhr = computeMedianRun(runs);
    // LIGHTHOUSE_REPORT_DIR keeps each page's whole report of that run (its diagnostics say where the time goes).
    if (process.env.LIGHTHOUSE_REPORT_DIR)
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
    const score = (result: Report) => Math.round((result.categories.performance?.score ?? 0) * 100);
    const ms = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? NaN);
    figures.push({
      page,
      url: server.base + urlPath,
      performance: score(lhr),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      fcpMs: ms('first-contentful-paint'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? cpuSlowdownMultiplier,
      warnings: lhr.runWarnings.map(String),
      runScores: runs.map(score),
    });
  }
  return figures;
}
