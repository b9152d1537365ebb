// Web: the production build's JavaScript, LCP/TBT under Lighthouse's mobile profile over the DevTools
// protocol, the Home shop select per keystroke with every shop, and the month calendar with 6 colleagues.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ShopListItem } from '@prospectie/contract';
import { buildShopIndex, filterShops } from '../web/src/features/home/shopSearch.js';
import type { RunningServer } from './server.js';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Initial route = the entry script plus every modulepreload in index.html (what the browser fetches before Home runs). */
export function measureBundle(dist: string) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) initial.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) initial.add(m[1]);
  const initialFiles = [...initial].map((src) => path.join(dist, src.replace(/^\//, '')));
  const assets = path.join(dist, 'assets');
  const allJs = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(assets, f));
  return {
    initialFiles: initialFiles.map((f) => path.relative(dist, f)),
    initialGzipKb: kb(initialFiles.reduce((sum, f) => sum + gz(f), 0)),
    initialRawKb: kb(initialFiles.reduce((sum, f) => sum + readFileSync(f).byteLength, 0)),
    totalGzipKb: kb(allJs.reduce((sum, f) => sum + gz(f), 0)),
    totalFiles: allJs.length,
  };
}

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'];

/** Lighthouse's mobile profile: Moto G Power screen, 4x CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const mobile = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function newContext(browser: Browser, server: RunningServer, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ locale: 'nl-BE', timezoneId: 'Europe/Brussels', serviceWorkers: 'block', ...options });
  await context.addCookies([{ name: 'prospectie_session', value: server.token, url: server.base }]);
  return context;
}

async function throttle(context: BrowserContext, page: Page, opts: { cpu: number; network: boolean }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpu });
  if (opts.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
}

/** Records the time of the last animation frame in which the page changed (injected as text: no bundler helpers). */
const FRAME_TRACKER = `(() => {
  window.__dirty = false;
  window.__lastFrame = 0;
  window.addEventListener('keydown', (e) => { window.__keyAt = e.timeStamp; }, true);
  new MutationObserver(() => { window.__dirty = true; }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  function frame() {
    if (window.__dirty) { window.__lastFrame = performance.now(); window.__dirty = false; }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})()`;

declare global {
  interface Window {
    __bench: { lcp: number; fcp: number; longTasks: [number, number][] };
  }
}

/** LCP and TBT of one cold load; TBT counts long tasks after FCP until 5 s pass without one. */
async function pageLoad(browser: Browser, server: RunningServer, url: string, ready: string) {
  const context = await newContext(browser, server, mobile);
  await context.addInitScript(() => {
    window.__bench = { lcp: 0, fcp: 0, longTasks: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await throttle(context, page, { cpu: 4, network: true });
  await page.goto(server.base + url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  // Quiet window: no new long task for 5 s.
  for (let last = -1; ;) {
    const n = await page.evaluate(() => window.__bench.longTasks.length);
    if (n === last) break;
    last = n;
    await page.waitForTimeout(5000);
  }
  const b = await page.evaluate(() => window.__bench);
  await context.close();
  const tbt = b.longTasks.filter(([start]) => start >= b.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { lcpMs: Math.round(b.lcp), fcpMs: Math.round(b.fcp), tbtMs: Math.round(tbt), longTasks: b.longTasks.length };
}

/**
 * Per keystroke in the Home shop select with every shop loaded, under 4x CPU slowdown: from the key's event
 * time to the last frame that changed the page before the main thread went idle (the filtered list shown).
 */
async function selectKeystrokes(browser: Browser, server: RunningServer, shops: ShopListItem[], query: string) {
  const context = await newContext(browser, server, mobile);
  const page = await context.newPage();
  await page.goto(server.base + '/', { waitUntil: 'load' });
  const input = page.locator('#shop-select');
  await input.waitFor();
  // Every shop is in the select before typing starts: the combobox (not the stand-in while its code loads), no longer busy.
  await page.locator('#shop-select[role="combobox"]:not([aria-busy="true"])').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  await throttle(context, page, { cpu: 4, network: false });
  await input.focus();
  await page.evaluate(FRAME_TRACKER);
  const index = buildShopIndex(shops);
  const times: number[] = [];
  for (let i = 0; i < query.length; i++) {
    await page.keyboard.type(query[i]);
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestIdleCallback(
            () => {
              const w = window as unknown as { __keyAt: number; __lastFrame: number };
              resolve(w.__lastFrame - w.__keyAt);
            },
            { timeout: 5000 },
          ),
        ),
    );
    times.push(Math.round(ms));
  }
  // The list shows what the filter says it should.
  const expected = filterShops(index, query);
  const firstShown = await page
    .getByRole('option')
    .first()
    .innerText()
    .catch(() => '');
  await context.close();
  return {
    query,
    perKeystrokeMs: times,
    maxMs: Math.max(...times),
    shops: shops.length,
    matches: expected.length,
    listCorrect: expected.length > 0 && firstShown.includes(expected[0].name),
  };
}

/** Month grid with the rep's own and 6 colleagues' appointments: back to an already loaded month, until drawn. */
async function calendarRender(browser: Browser, server: RunningServer) {
  const context = await newContext(browser, server, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const counts = new Map<string, number>();
  page.on('response', async (res) => {
    if (/\/api\/employees\/\d+\/appointments\?/.test(res.url()) && res.ok()) {
      counts.set(res.url(), ((await res.json()) as unknown[]).length);
    }
  });
  await page.goto(server.base + '/agenda', { waitUntil: 'load' });
  await page.locator('.fc-daygrid-body').waitFor();
  const colleagues = page.locator('#colleague-select');
  for (let i = 0; i < 6; i++) {
    await colleagues.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Escape');
  await page.locator('h1').click();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const firstRange = [...counts.keys()].at(-1)!.split('?')[1];
  const events = [...counts.entries()].filter(([url]) => url.endsWith(firstRange)).reduce((sum, [, n]) => sum + n, 0);
  await page.locator('.fc-next-button').click();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.evaluate(FRAME_TRACKER);
  // Click 'previous' and wait until idle after the redraw has shown (idle right after the click could precede React's commit).
  const ms = (await page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    document.querySelector('.fc-prev-button').click();
    function settle() {
      requestIdleCallback(() => (window.__lastFrame > start ? resolve(window.__lastFrame - start) : settle()), { timeout: 5000 });
    }
    settle();
  })`)) as number;
  const shown = await page.locator('.fc-daygrid-event').count();
  await context.close();
  return { renderMs: Math.round(ms), events, owners: 7, eventElements: shown };
}

export async function runWebBench(server: RunningServer, dist: string, log: (line: string) => void) {
  const bundle = measureBundle(dist);
  log(
    `  initial-route JS ${bundle.initialGzipKb} KB gzip (${bundle.initialFiles.length} files), all JS ${bundle.totalGzipKb} KB gzip (${bundle.totalFiles} files)`,
  );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const shops = (await (await fetch(`${server.base}/api/shops`, { headers: { cookie: server.cookie } })).json()) as ShopListItem[];
    const shopId = shops[Math.floor(shops.length / 2)].id;
    const home = await pageLoad(browser, server, '/', '#shop-select');
    log(`  Home       LCP ${home.lcpMs} ms  TBT ${home.tbtMs} ms  (FCP ${home.fcpMs} ms, ${home.longTasks} long tasks)`);
    const shop = await pageLoad(browser, server, `/shop/${shopId}`, 'h1');
    log(`  shop page  LCP ${shop.lcpMs} ms  TBT ${shop.tbtMs} ms  (FCP ${shop.fcpMs} ms, ${shop.longTasks} long tasks)`);
    const select = await selectKeystrokes(browser, server, shops, 'zilver 12');
    log(
      `  shop select '${select.query}' over ${select.shops} shops: ${select.perKeystrokeMs.join(', ')} ms per keystroke (max ${select.maxMs} ms, ${select.matches} matches, list ${select.listCorrect ? 'correct' : 'WRONG'})`,
    );
    const calendar = await calendarRender(browser, server);
    log(
      `  calendar   month with ${calendar.owners} calendars, ${calendar.events} appointments: ${calendar.renderMs} ms (${calendar.eventElements} event elements drawn)`,
    );
    return { bundle, home, shop: { ...shop, shopId }, select, calendar };
  } finally {
    await browser.close();
  }
}
