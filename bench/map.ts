// The map (decision 071) at the calibrated mid-tier phone: from the tap on Kaart in the app until the 20,000 shops show
// as clusters, and every main-thread task while the rep pans 300 px and zooms in a step, read from a performance trace.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TestTileServer } from '../e2e/tests/tileServer.js';
import { calibrate, describeCalibration } from './calibrate.js';
import { chromiumArgs, mobile, newContext, readPage, throttle } from './pageLoad.js';
import type { RunningServer } from './server.js';

/** Shared with the page: the tap's time, the first frame with a cluster in it, each frame's time. */
const TRACKER = `(() => {
  window.__map = { tapAt: 0, clustersAt: 0 };
  document.addEventListener('pointerdown', (e) => { if (e.target.closest('a[href="/kaart"]')) window.__map.tapAt = e.timeStamp; }, true);
  function frame(now) {
    if (!window.__map.clustersAt && window.__map.tapAt && document.querySelector('.map-cluster')) window.__map.clustersAt = now;
    if (!window.__map.clustersAt) requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})()`;

const idle = (page: Page) => page.waitForLoadState('networkidle', { timeout: 60_000 }).then(() => page.waitForTimeout(1500));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The page's main-thread work per frame, from the trace: a frame's work is every task on the renderer's main thread
 * from the end of the frame before up to and including the task that draws it (the one that lays out its layers).
 */
function frameWork(tracePath: string) {
  const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const drawn = onMain.filter((e) => e.name === 'Layerize').map((e) => e.ts);
  const frames: number[] = [];
  let work = 0;
  let next = 0;
  drawn.sort((a, b) => a - b);
  for (const task of tasks) {
    work += task.dur!;
    const end = task.ts + task.dur!;
    let draws = false;
    while (next < drawn.length && drawn[next] <= end) {
      if (drawn[next] >= task.ts) draws = true;
      next++;
    }
    if (draws) {
      frames.push(work / 1000);
      work = 0;
    }
  }
  const longestTask = Math.max(0, ...tasks.map((t) => t.dur! / 1000));
  return {
    longestFrameMs: Math.round(Math.max(0, ...frames)),
    frames: frames.length,
    longestTaskMs: Math.round(longestTask),
    tasks: tasks.length,
  };
}

/** Runs a gesture in a performance trace of the page: its main-thread work per frame. */
async function traced<T>(browser: Browser, page: Page, run: () => Promise<T>) {
  const file = path.join(os.tmpdir(), `prospectie-map-trace-${process.pid}.json`);
  await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'toplevel'] });
  try {
    await run();
  } finally {
    await browser.stopTracing();
  }
  const frames = frameWork(file);
  // BENCH_TRACE_DIR keeps it for DevTools' Performance panel.
  if (process.env.BENCH_TRACE_DIR) copyFileSync(file, path.join(process.env.BENCH_TRACE_DIR, `map-${Date.now()}.json`));
  rmSync(file, { force: true });
  return frames;
}

/**
 * One measure: Home opened on a phone that has opened the map before (the places kept on the device), the CPU and
 * network then throttled, a tap on Kaart, the time until a cluster is in a frame; then a pan and a zoom step, traced.
 */
async function mapOnce(browser: Browser, server: RunningServer, cpu: number, kept: boolean) {
  const context = await newContext(browser, server, mobile);
  try {
    const page = await context.newPage();
    if (kept) {
      // The map once, unthrottled: the device keeps the places from then on (as after the rep's first visit to it).
      await page.goto(server.base + '/kaart', { waitUntil: 'load' });
      await page.locator('.map-cluster').first().waitFor({ timeout: 60_000 });
      await idle(page);
    }
    await page.goto(server.base + '/', { waitUntil: 'load' });
    await page.locator('#shop-select').waitFor({ timeout: 60_000 });
    await idle(page);
    const cdp = await throttle(context, page, { cpu, network: true });
    await readPage(cdp, TRACKER);
    const tap = async () => {
      await page.getByRole('link', { name: 'Kaart', exact: true }).first().click();
      await readPage(
        cdp,
        `new Promise((resolve) => { const wait = () => (window.__map.clustersAt ? resolve(true) : setTimeout(wait, 100)); wait(); })`,
      );
    };
    await tap();
    const { tapAt, clustersAt } = await readPage<{ tapAt: number; clustersAt: number }>(cdp, 'window.__map');
    const clusters = await readPage<number>(cdp, `document.querySelectorAll('.map-cluster').length`);
    await idle(page);
    const box = (await page.locator('.map-canvas').boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (!kept) return { clustersMs: Math.round(clustersAt - tapAt), clusters, cpu, pan: null, zoom: null };
    const paneAt = () => readPage<string>(cdp, `document.querySelector('.leaflet-map-pane').style.transform`);
    const tileZoom = () =>
      readPage<number>(
        cdp,
        `Math.max(...[...document.querySelectorAll('img.leaflet-tile-loaded')].map((t) => Number(new URL(t.src).pathname.split('/')[1])))`,
      );
    const paneBefore = await paneAt();
    const pan = await traced(browser, page, async () => {
      await page.mouse.move(centre.x + 150, centre.y);
      await page.mouse.down();
      for (let step = 1; step <= 15; step++) await page.mouse.move(centre.x + 150 - step * 20, centre.y);
      await page.mouse.up();
      await idle(page);
    });
    if ((await paneAt()) === paneBefore) throw new Error('the map did not move under the pan');
    const zoomBefore = await tileZoom();
    const zoom = await traced(browser, page, async () => {
      await page.locator('.leaflet-control-zoom-in').click();
      await idle(page);
    });
    if ((await tileZoom()) !== zoomBefore + 1) throw new Error('the map did not zoom in a step');
    return { clustersMs: Math.round(clustersAt - tapAt), clusters, pan, zoom, cpu };
  } finally {
    await context.close();
  }
}

type Gesture = ReturnType<typeof frameWork>;
const gesture = (g: Gesture) =>
  `longest frame's work ${g.longestFrameMs} ms of ${g.frames} frames (longest task ${g.longestTaskMs} ms of ${g.tasks})`;

export async function runMapBench(browser: Browser, server: RunningServer, cpu: number, log: (line: string) => void) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const runs = Number(process.env.MAP_RUNS) || 3; // MAP_RUNS: fewer while working on the map
  // The first time on a phone: the places and statuses come over the network (no target; printed).
  const first = await mapOnce(browser, server, cpu, false);
  log(`  map, first time on the device: clusters ${first.clustersMs} ms after the tap (${first.clusters} groups), CPU ${cpu}x`);
  const kept = [];
  for (let i = 0; i < runs; i++) {
    const r = await mapOnce(browser, server, cpu, true);
    const { pan, zoom } = r;
    if (!pan || !zoom) throw new Error('no pan or zoom measured');
    kept.push({ ...r, pan, zoom });
    log(
      `  map, places on the device: clusters ${r.clustersMs} ms after the tap (${r.clusters} groups); pan 300 px: ${gesture(pan)}; zoom step: ${gesture(zoom)}; CPU ${cpu}x`,
    );
  }
  return {
    firstClustersMs: first.clustersMs,
    clustersMs: median(kept.map((r) => r.clustersMs)),
    clusterGroups: median(kept.map((r) => r.clusters)),
    panLongestFrameMs: median(kept.map((r) => r.pan.longestFrameMs)),
    zoomLongestFrameMs: median(kept.map((r) => r.zoom.longestFrameMs)),
    cpu,
  };
}

/** The map's tiles in the bench: a tile server of the tests' own on loopback (e2e/tests/tileServer.ts), nothing from outside. */
export async function startMapTiles(port: number) {
  const tiles = await new TestTileServer().start(port);
  return { env: { MAP_TILE_URL: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` }, stop: () => tiles.stop() };
}

/** The map's figures in a Chromium of its own, at the mid-tier rate the web part calibrated (or calibrated here). */
export async function runMapPart(server: RunningServer, midRate: number | undefined, log: (line: string) => void) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    let cpu = midRate;
    if (cpu === undefined) {
      const calibration = await calibrate(browser);
      for (const line of describeCalibration(calibration)) log(line);
      cpu = calibration.mid.rate;
    }
    return await runMapBench(browser, server, cpu, log);
  } finally {
    await browser.close();
  }
}
