// Photos of a visit (decision 035), BENCH_ONLY=photos: (1) a visit's 5 pictures of ≤ 250 KB sent from a Chromium page
// under the bench's network emulation, one after the other as the outbox sends them; (2) the shop page with 200
// pictures in its timeline, cold, at the calibrated mid-tier slowdown: LCP, the thumbnails' sizes and how many were
// fetched before scrolling; (3) the server's RSS while 20 visits with 5 pictures each arrive at once (100 PUTs).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { openDatabase } from '../server/src/db/client.js';
import { visitBody } from './api.js';
import { calibrate, describeCalibration, type Calibration } from './calibrate.js';
import { generateDataSet } from './data.js';
import { nodeProcess, procStatus, resetPeak } from './overview.js';
import { repoRoot, signIn, startServer, type RunningServer } from './server.js';
import { chromiumArgs, mobile, newContext, observeLoads, readPage, settleLoad, throttle } from './pageLoad.js';

const UPLOAD_PICTURES = 5;
const TIMELINE_PICTURES = 200;
const BURST_VISITS = 20;

/** Pictures as the app sends them: 1600 px WebP of 200–250 KB, from the e2e fixtures with noise so they weigh that. */
export async function makePictures(n: number): Promise<Buffer[]> {
  const dir = path.join(repoRoot, 'e2e/fixtures/photos');
  const fixtures = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
  const out: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const base = await sharp(path.join(dir, fixtures[i % fixtures.length]))
      .resize(1600, 1200, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Grain: each picture its own (so no two are alike), of an amplitude that brings WebP to about 220 KB.
    const noise = randomBytes(base.data.length);
    const data = Buffer.alloc(base.data.length);
    for (let j = 0; j < data.length; j++) data[j] = Math.max(0, Math.min(255, base.data[j] + ((noise[j] % 13) - 6)));
    const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
    let lo = 20;
    let hi = 95;
    let best: Buffer | undefined;
    while (lo <= hi) {
      const q = Math.floor((lo + hi) / 2);
      const webp = await sharp(data, raw).webp({ quality: q }).toBuffer();
      if (webp.length <= 250 * 1024) {
        best = webp;
        lo = q + 1;
      } else hi = q - 1;
    }
    if (!best) throw new Error('no quality gives a picture of ≤ 250 KB');
    out.push(best);
  }
  return out;
}

const json = { 'content-type': 'application/json', 'x-prospectie-client': '1' };

async function getJson<T>(server: RunningServer, cookie: string, p: string): Promise<T> {
  const res = await fetch(server.base + p, { headers: { cookie } });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return (await res.json()) as T;
}

/** A visit of the signed-in rep at the shop, made through the API; returns its id. */
async function newVisit(server: RunningServer, cookie: string, shopId: number, body: string): Promise<number> {
  const res = await fetch(`${server.base}/api/shops/${shopId}/prospections`, {
    method: 'POST',
    headers: { ...json, cookie, 'idempotency-key': randomUUID() },
    body,
  });
  if (res.status !== 201) throw new Error(`visit: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function putPhoto(server: RunningServer, cookie: string, visitId: number, picture: Buffer): Promise<number> {
  const res = await fetch(`${server.base}/api/prospections/${visitId}/photos/${randomUUID()}?caption=Etalage`, {
    method: 'PUT',
    headers: { 'content-type': 'image/webp', 'x-prospectie-client': '1', cookie },
    body: new Uint8Array(picture),
  });
  await res.arrayBuffer();
  return res.status;
}

async function visitBodyFor(server: RunningServer, cookie: string) {
  const me = await getJson<{ employee: { id: number } }>(server, cookie, '/api/me');
  const brands = await getJson<{ id: number }[]>(server, cookie, '/api/brands');
  const competitors = await getJson<{ id: number }[]>(server, cookie, '/api/competitorbrands');
  const employees = await getJson<{ id: number }[]>(server, cookie, '/api/employees');
  return visitBody(
    brands.map((b) => b.id),
    competitors.map((c) => c.id),
    employees.find((e) => e.id !== me.employee.id)!.id,
  );
}

export interface PhotosBenchResult {
  pictureKb: number[];
  upload: { ms: number; statuses: number[]; perPictureMs: number[] };
  calibration: Calibration;
  timeline: {
    shopId: number;
    photos: number;
    lcpMs: number;
    fcpMs: number;
    tbtMs: number;
    thumbsBeforeScroll: number;
    /** Fetched once the timeline was scrolled into view. */
    thumbsInView: number;
    /** The largest of all fetched, before and after the scroll. */
    thumbsMaxKb: number;
    thumbsKb: number;
    /** The same page of a shop with no pictures, for comparison ('s figures hold both). */
    withoutPhotos: { shopId: number; lcpMs: number; tbtMs: number };
  };
  memory: { database: string; rssBeforeMb?: number; peakMb?: number; increaseMb?: number; created: number; ms: number }[];
}

/**
 * The 100 PUTs at once on a server of its own, as 20 reps each sending a visit's 5 pictures (one rep's 100 would meet
 * the per-person limit of heavy calls); its RSS before and its peak (VmHWM reset just before).
 */
export async function burst(server: RunningServer, label: string, pictures: Buffer[], log: (line: string) => void) {
  const shops = await getJson<{ id: number }[]>(server, server.cookie, '/api/shops');
  const visits: { cookie: string; id: number }[] = [];
  for (let i = 0; i < BURST_VISITS; i++) {
    // The bench's data set has its reps as medewerker1…500@bench.example (bench/data.ts).
    const { cookie } = await signIn(server.base, `medewerker${i + 1}@bench.example`);
    visits.push({ cookie, id: await newVisit(server, cookie, shops[100 + i].id, await visitBodyFor(server, cookie)) });
  }
  // A photo first, unmeasured: the image library loaded, the routes' first compilations done.
  const warm = await newVisit(server, server.cookie, shops[99].id, await visitBodyFor(server, server.cookie));
  await putPhoto(server, server.cookie, warm, pictures[0]);
  await new Promise((r) => setTimeout(r, 2000));
  const pid = nodeProcess(server.pid);
  const canWatch = resetPeak(pid);
  const rssBeforeMb = procStatus(pid, 'VmRSS');
  const started = performance.now();
  const statuses = await Promise.all(
    visits.flatMap((v, i) =>
      pictures.slice(0, UPLOAD_PICTURES).map((_, k) => putPhoto(server, v.cookie, v.id, pictures[(i + k) % pictures.length])),
    ),
  );
  const ms = Math.round(performance.now() - started);
  const peakMb = canWatch ? procStatus(pid, 'VmHWM') : undefined;
  const created = statuses.filter((s) => s === 201).length;
  const increaseMb = peakMb !== undefined && rssBeforeMb !== undefined ? peakMb - rssBeforeMb : undefined;
  log(
    `  ${label.padEnd(10)} ${BURST_VISITS} visits × ${UPLOAD_PICTURES} pictures at once: ${created}/${statuses.length} answered 201 in ${(ms / 1000).toFixed(1)} s; ` +
      `server RSS ${rssBeforeMb ?? '?'} MB before, peak ${peakMb ?? '?'} MB (+${increaseMb ?? '?'} MB)`,
  );
  return { database: label, rssBeforeMb, peakMb, increaseMb, created, ms };
}

export async function runPhotosBench(
  dist: string,
  port: number,
  log: (line: string) => void,
  adminUrl?: string,
  freshPostgres?: (url: string) => Promise<string>,
): Promise<PhotosBenchResult> {
  const pictures = await makePictures(10);
  const pictureKb = pictures.map((p) => Math.round(p.length / 1024));
  log(`  ${pictures.length} pictures, 1600×1200 WebP: ${pictureKb.join(', ')} KB`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-photos-'));
  const database = await openDatabase({ dataDir });
  try {
    await generateDataSet(database.db, log);
  } finally {
    await database.close();
  }
  const memory: PhotosBenchResult['memory'] = [];
  let result: Omit<PhotosBenchResult, 'memory' | 'pictureKb'>;
  const server = await startServer({ port, env: { DATA_DIR: dataDir }, webDist: dist });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const body = await visitBodyFor(server, server.cookie);
    const shops = await getJson<{ id: number }[]>(server, server.cookie, '/api/shops');

    // 1. Upload from a page, signed in, under the mobile network emulation: the visit first, then 5 PUTs one by one.
    const context = await newContext(browser, server, mobile);
    const page = await context.newPage();
    await page.goto(server.base + '/api/health');
    await throttle(context, page, { cpu: 1, network: true });
    const visitId = await newVisit(server, server.cookie, shops[10].id, body);
    const upload = await page.evaluate(
      async ({ visitId, pictures }) => {
        const statuses: number[] = [];
        const perPictureMs: number[] = [];
        const blobs = pictures.map((b64) => new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/webp' }));
        const started = performance.now();
        for (const blob of blobs) {
          const t = performance.now();
          const res = await fetch(`/api/prospections/${visitId}/photos/${crypto.randomUUID()}?caption=Etalage`, {
            method: 'PUT',
            headers: { 'content-type': 'image/webp', 'x-prospectie-client': '1' },
            body: blob,
          });
          await res.arrayBuffer();
          statuses.push(res.status);
          perPictureMs.push(Math.round(performance.now() - t));
        }
        return { ms: Math.round(performance.now() - started), statuses, perPictureMs };
      },
      { visitId, pictures: pictures.slice(0, UPLOAD_PICTURES).map((p) => p.toString('base64')) },
    );
    await context.close();
    log(
      `  upload    ${UPLOAD_PICTURES} pictures (${pictureKb.slice(0, UPLOAD_PICTURES).reduce((a, b) => a + b, 0)} KB) one after the other, 750 kbps up, 150 ms: ` +
        `${(upload.ms / 1000).toFixed(1)} s (${upload.perPictureMs.join(', ')} ms; ${upload.statuses.join(', ')})`,
    );

    // 2. A shop with 200 pictures over 20 visits (10 each, the most a visit takes), through the API, unthrottled; each
    // visit a rep of its own, as a shop's pictures come over the seasons (one rep's 200 would meet the per-person limit).
    const shopId = shops[Math.floor(shops.length / 2)].id;
    for (let v = 0; v < TIMELINE_PICTURES / 10; v++) {
      const { cookie } = await signIn(server.base, `medewerker${v + 1}@bench.example`);
      const id = await newVisit(server, cookie, shopId, await visitBodyFor(server, cookie));
      for (let k = 0; k < 10; k++) {
        const status = await putPhoto(server, cookie, id, pictures[(v + k) % pictures.length]);
        if (status !== 201) throw new Error(`timeline photo: ${status}`);
      }
    }
    const calibration = await calibrate(browser);
    for (const line of describeCalibration(calibration)) log(line);
    const cpu = calibration.mid.rate;
    const shopLoad = async (id: number) => {
      const ctx = await newContext(browser, server, mobile);
      await observeLoads(ctx);
      const thumbs: number[] = [];
      const p = await ctx.newPage();
      p.on('response', async (res) => {
        if (/\/api\/photos\/[^/]+\/thumb/.test(res.url())) thumbs.push((await res.body().catch(() => Buffer.alloc(0))).length);
      });
      const cdp = await throttle(ctx, p, { cpu, network: true });
      const load = await settleLoad(p, cdp, `${server.base}/shop/${id}`, 'h1', 120_000);
      const beforeScroll = thumbs.length;
      // Then the timeline brought into view, as she scrolls to it: the thumbnails it then fetches are the ones whose
      // size counts (the sections above it may leave none in reach before, decision 080). Until 2 s pass without one.
      const scrolled = await readPage<boolean>(
        cdp,
        `(() => { const t = document.getElementById('shop-photos-title'); t?.scrollIntoView({ block: 'start' }); return !!t; })()`,
      );
      for (let seen = -1, waited = 0; scrolled && seen !== thumbs.length && waited < 30_000; waited += 2000) {
        seen = thumbs.length;
        await p.waitForTimeout(2000);
      }
      await ctx.close();
      return {
        lcpMs: load.lcpMs,
        fcpMs: load.fcpMs,
        tbtMs: load.tbtMs,
        thumbs: thumbs.slice(0, beforeScroll),
        inView: thumbs.slice(beforeScroll),
      };
    };
    const withPhotos = await shopLoad(shopId);
    const plainId = shops[Math.floor(shops.length / 2) + 1].id;
    const without = await shopLoad(plainId);
    const thumbsMaxKb = Math.round((Math.max(0, ...withPhotos.thumbs, ...withPhotos.inView) / 1024) * 10) / 10;
    const thumbsKb = Math.round(withPhotos.thumbs.reduce((a, b) => a + b, 0) / 1024);
    log(
      `  timeline  shop ${shopId} with ${TIMELINE_PICTURES} pictures, cold, CPU ${cpu}x: LCP ${withPhotos.lcpMs} ms  TBT ${withPhotos.tbtMs} ms  (FCP ${withPhotos.fcpMs} ms); ` +
        `${withPhotos.thumbs.length} thumbnails fetched before scrolling (${thumbsKb} KB), ${withPhotos.inView.length} more once the timeline is in view; the largest ${thumbsMaxKb} KB`,
    );
    log(`  timeline  shop ${plainId} without pictures, same conditions: LCP ${without.lcpMs} ms  TBT ${without.tbtMs} ms`);
    result = {
      upload,
      calibration,
      timeline: {
        shopId,
        photos: TIMELINE_PICTURES,
        lcpMs: withPhotos.lcpMs,
        fcpMs: withPhotos.fcpMs,
        tbtMs: withPhotos.tbtMs,
        thumbsBeforeScroll: withPhotos.thumbs.length,
        thumbsInView: withPhotos.inView.length,
        thumbsMaxKb,
        thumbsKb,
        withoutPhotos: { shopId: plainId, lcpMs: without.lcpMs, tbtMs: without.tbtMs },
      },
    };
  } finally {
    await browser.close();
    await server.stop();
  }

  // 3. Memory: a fresh server on the same PGlite data, then on PostgreSQL when it is there.
  const burstServer = await startServer({ port, env: { DATA_DIR: dataDir } });
  try {
    memory.push(await burst(burstServer, 'PGlite', pictures, log));
  } finally {
    await burstServer.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && freshPostgres) {
    const databaseUrl = await freshPostgres(adminUrl);
    const db = await openDatabase({ databaseUrl });
    try {
      await generateDataSet(db.db, log);
    } finally {
      await db.close();
    }
    const pgServer = await startServer({ port, env: { DATABASE_URL: databaseUrl } });
    try {
      memory.push(await burst(pgServer, 'PostgreSQL', pictures, log));
    } finally {
      await pgServer.stop();
    }
  }
  return { pictureKb, ...result, memory };
}
