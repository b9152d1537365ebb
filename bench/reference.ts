// The reference pages the page figures are compared with (docs/decisions/074-page-figures-as-ratios.md): a measured
// page as the app has drawn it, written as static HTML with the same style sheet and no script, served by the bench's
// own server from the bench's own build directory (never from web/dist: no deployed server has it). Its LCP, in the
// same run and under the same throttling, is what this host gives for drawing that text at all.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { measureLoad, mobile, newContext, observeLoads } from './pageLoad.js';
import type { RunningServer } from './server.js';

/** Where the reference pages are, under the bench's build directory. */
const REFERENCE_DIR = 'bench-reference';
const REFERENCE_PAGES = ['home', 'shop'];

/**
 * Makes the reference pages' files, empty, before the server starts: it serves the files its build directory holds
 * at its start (@fastify/static without a wildcard); each is written over once the app has drawn its page.
 */
export function makeReferencePages(dist: string) {
  mkdirSync(path.join(dist, REFERENCE_DIR), { recursive: true });
  for (const name of REFERENCE_PAGES) writeFileSync(path.join(dist, REFERENCE_DIR, `${name}.html`), '');
}

/**
 * Opens `url` unthrottled, waits until the app has drawn it and gone quiet, and writes what it shows as
 * `<dist>/bench-reference/<name>.html`: the whole document without its scripts, preloads or manifest. Returns its path.
 */
export async function writeReferencePage(
  browser: Browser,
  server: RunningServer,
  dist: string,
  url: string,
  ready: string,
  name: 'home' | 'shop',
) {
  const context = await newContext(browser, server, mobile);
  try {
    const page = await context.newPage();
    await page.goto(server.base + url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector(ready, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(1000);
    const html = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"], link[rel="manifest"]').forEach((e) => e.remove());
      copy.querySelector('#root')?.removeAttribute('inert');
      copy.querySelector('#root')?.removeAttribute('aria-busy');
      return `<!doctype html>\n${copy.outerHTML}`;
    });
    mkdirSync(path.join(dist, REFERENCE_DIR), { recursive: true });
    writeFileSync(path.join(dist, REFERENCE_DIR, `${name}.html`), html);
    return `/${REFERENCE_DIR}/${name}.html`;
  } finally {
    await context.close();
  }
}

/** Our figure as a multiple of the reference's, two decimals. */
export const ratio = (ours: number, reference: number) => Math.round((ours / Math.max(1, reference)) * 100) / 100;

/**
 * The reference beside the warm Home: opened once, then again in a new page of the same context (its style sheet
 * in the browser's cache, as the service worker holds the app's), throttled as the warm load is.
 */
export async function warmReferenceLoad(browser: Browser, server: RunningServer, url: string, cpu: number) {
  const context = await newContext(browser, server, mobile);
  await observeLoads(context);
  try {
    const first = await context.newPage();
    await first.goto(server.base + url, { waitUntil: 'load', timeout: 60_000 });
    await first.close();
    return await measureLoad(context, server, url, 'h1', cpu);
  } finally {
    await context.close();
  }
}
