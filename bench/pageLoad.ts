// Page loads measured in a throttled Chromium as Lighthouse's mobile profile loads them: a context signed in to the
// bench server, the CPU and network throttled over the DevTools protocol, LCP, FCP and TBT recorded in the page and
// read without injecting a script (docs/decisions/034-calibrated-page-speed.md). For web.ts, pair.ts and photos.ts.
import { type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { RunningServer } from './server.js';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

/** Lighthouse's mobile profile: Moto G Power screen, 150 ms RTT, 1.6 Mbps down, 750 kbps up; the CPU slowdown is calibrated (calibrate.ts). */
export const mobile = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function newContext(browser: Browser, server: RunningServer, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ locale: 'nl-BE', timezoneId: 'Europe/Brussels', serviceWorkers: 'block', ...options });
  await context.addCookies([{ name: 'prospectie_session', value: server.token, url: server.base }]);
  return context;
}

export async function throttle(context: BrowserContext, page: Page, opts: { cpu: number; network: boolean }) {
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
  return cdp;
}

declare global {
  interface Window {
    __bench: { lcp: number; fcp: number; longTasks: [number, number][] };
  }
}

/** Records LCP, FCP and long tasks in every page of the context. */
export async function observeLoads(context: BrowserContext) {
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
}

/**
 * Reads an expression's value in the page over the DevTools protocol. Playwright's own reads (`waitForSelector`,
 * `evaluate`) first inject its scripts into the page: 40–80 ms of compiling on the throttled main thread, which
 * landed in the middle of the measured load (2026-11-26 trace: at 880 ms of a warm Home whose LCP was 1,460 ms).
 * A phone runs no such script, so a measured load is read only this way.
 */
export async function readPage<T>(cdp: CDPSession, expression: string, timeoutMs = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page did not answer within ${timeoutMs} ms: ${expression.slice(0, 80)}`)), timeoutMs);
  });
  const evaluated = cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  const { result, exceptionDetails } = await Promise.race([evaluated, late]).finally(() => clearTimeout(timer));
  if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value as T;
}

/** Resolves once an element matches the selector (a MutationObserver in the page: nothing polls its main thread). */
const appears = (selector: string) => `new Promise((resolve) => {
  const found = () => document.querySelector(${JSON.stringify(selector)}) !== null;
  if (found()) return resolve(true);
  new MutationObserver((_, observer) => { if (found()) { observer.disconnect(); resolve(true); } })
    .observe(document, { subtree: true, childList: true });
})`;

/**
 * Opens the URL in a page whose CPU and network are already throttled (`cdp` from `throttle`), waits for the ready
 * selector, the network to go idle and 5 s without a new long task; LCP and TBT as `observeLoads` recorded them.
 * TBT counts long tasks after FCP.
 */
export async function settleLoad(page: Page, cdp: CDPSession, url: string, ready: string, networkIdleMs = 60_000) {
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await readPage(cdp, appears(ready));
  await page.waitForLoadState('networkidle', { timeout: networkIdleMs });
  // Quiet window: no new long task for 5 s.
  for (let last = -1; ;) {
    const n = await readPage<number>(cdp, 'window.__bench.longTasks.length');
    if (n === last) break;
    last = n;
    await page.waitForTimeout(5000);
  }
  const b = await readPage<Window['__bench']>(cdp, 'window.__bench');
  const controlled = await readPage<boolean>(cdp, '!!navigator.serviceWorker?.controller');
  const tbt = b.longTasks.filter(([start]) => start >= b.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { lcpMs: Math.round(b.lcp), fcpMs: Math.round(b.fcp), tbtMs: Math.round(tbt), longTasks: b.longTasks.length, controlled };
}

/** LCP and TBT of one load in a new page of the context. */
export async function measureLoad(context: BrowserContext, server: RunningServer, url: string, ready: string, cpu: number) {
  const page = await context.newPage();
  const cdp = await throttle(context, page, { cpu, network: true });
  const load = await settleLoad(page, cdp, server.base + url, ready);
  await page.close();
  return { ...load, cpu };
}

/** One cold load: a fresh context, service workers blocked. */
export async function pageLoad(browser: Browser, server: RunningServer, url: string, ready: string, cpu: number) {
  const context = await newContext(browser, server, mobile);
  await observeLoads(context);
  try {
    return await measureLoad(context, server, url, ready, cpu);
  } finally {
    await context.close();
  }
}

/**
 * A warm load: the page opened once unthrottled in a context that allows service workers, left when the service
 * worker is active and the page quiet (the precache and the device's data written), then opened again in a new page
 * of the same context with the CPU and network throttled. The service worker runs on a thread of its own that the
 * page's CPU throttling does not slow, and what it fetches bypasses the page's network emulation.
 */
export async function warmLoad(browser: Browser, server: RunningServer, url: string, ready: string, cpu: number) {
  const context = await newContext(browser, server, { ...mobile, serviceWorkers: 'allow' });
  await observeLoads(context);
  try {
    const first = await context.newPage();
    await first.goto(server.base + url, { waitUntil: 'load', timeout: 60_000 });
    await first.waitForSelector(ready, { timeout: 60_000 });
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.waitForLoadState('networkidle', { timeout: 60_000 });
    for (let last = -1; ;) {
      const n = await first.evaluate(() => window.__bench.longTasks.length);
      if (n === last) break;
      last = n;
      await first.waitForTimeout(3000);
    }
    await first.close();
    const load = await measureLoad(context, server, url, ready, cpu);
    if (!load.controlled) throw new Error('the warm load was not controlled by the service worker');
    return load;
  } finally {
    await context.close();
  }
}
