// npm run bench: builds the web app, generates the bench data set in PGlite (and PostgreSQL when
// BENCH_DATABASE_URL is set), loads the API with autocannon, measures the web in Chromium, prints every
// target as PASS/FAIL and writes bench/results/latest.json. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runApiBench, type RouteResult } from './api.js';
import { BENCH_METRICS_TOKEN, runAttackBench, type AttackBenchResult } from './attacks.js';
import { loadDataSet, type DataSetCounts } from './data.js';
import { runFeedBench, type FeedBenchResult } from './feed.js';
import { runIdleBench, type IdleBenchResult } from './idle.js';
import { importTargets, runImportBench, type ImportBenchResult } from './import.js';
import { runMapPart, startMapTiles } from './map.js';
import { OVERVIEW_FIGURES, runOverviewBench, type OverviewBenchResult } from './overview.js';
import { runPhotosBench, type PhotosBenchResult } from './photos.js';
import { repoRoot, startServer } from './server.js';
import { runWebBench } from './web.js';
import { makeReferencePages } from './reference.js';

const PORT = Number(process.env.BENCH_PORT ?? 3130);
/** BENCH_ONLY=web,map,pglite,postgres,feed,import,overview,photos,attacks,idle (any of them) runs only those parts; the result then goes to results/partial.json. */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const wanted = (part: 'web' | 'map' | 'pglite' | 'postgres' | 'feed' | 'import' | 'overview' | 'photos' | 'attacks' | 'idle') =>
  !only || only.has(part);
const log = (line: string) => console.log(line);
const started = performance.now();

/** A fresh database 'prospectie_bench' next to the one BENCH_DATABASE_URL names (which is only used to create it). */
async function freshPostgres(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists prospectie_bench with (force)');
  await admin.query('create database prospectie_bench');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/prospectie_bench';
  return url.toString();
}

function machine() {
  let chromium = '';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    chromium = 'unknown';
  }
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

interface Target {
  name: string;
  figure: string;
  pass: boolean;
}

const find = (results: RouteResult[] | undefined, prefix: string) => results?.find((r) => r.route.startsWith(prefix));

async function main() {
  const info = machine();
  log(`Machine: ${info.cpu}, ${info.cores} cores, ${info.memoryGb} GB, ${info.os}, Node ${info.node}, ${info.chromium}`);

  // The production build, in a directory of our own.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-dist-'));
  const build = wanted('web') || wanted('map') || wanted('photos') || wanted('idle');
  if (build) log('Building the web app');
  if (build)
    execFileSync(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, 'web'),
      stdio: 'inherit',
    });
  // The reference pages the page figures are compared with (bench/reference.ts, decision 074).
  if (build) makeReferencePages(dist);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-data-'));
  const onPglite = wanted('web') || wanted('map') || wanted('pglite') || wanted('overview');
  const pgliteData = onPglite ? await loadDataSet({ dataDir }, 'PGlite', log) : null;
  let pgliteApi: RouteResult[] | undefined;
  let web: Awaited<ReturnType<typeof runWebBench>> | undefined;
  let map: Awaited<ReturnType<typeof runMapPart>> | undefined;
  // The overview (decision 033): every figure for a quarter and the whole team; the export of every visit on PostgreSQL.
  const overview: { pglite?: OverviewBenchResult; postgres?: OverviewBenchResult } = {};
  if (onPglite) {
    // The map's tiles from loopback (PORT + 5), so the map draws as it does for a rep, with nothing from outside.
    const tiles = wanted('map') ? await startMapTiles(PORT + 5) : null;
    const server = await startServer({
      port: PORT,
      env: { DATA_DIR: dataDir, ...tiles?.env },
      ...(wanted('web') || wanted('map') ? { webDist: dist } : {}),
    });
    try {
      if (wanted('web')) {
        log('Web (served by the PGlite server)');
        web = await runWebBench(server, dist, log);
      }
      if (wanted('map')) {
        log('Map (served by the PGlite server, the tiles from loopback)');
        map = await runMapPart(server, web?.calibration.mid.rate, log);
      }
      if (wanted('pglite')) {
        log('API load on PGlite (autocannon, 50 connections, no pipelining)');
        pgliteApi = await runApiBench(server, 'pglite', log);
      }
      if (wanted('overview')) {
        log('Overview on PGlite (a manager, the last whole quarter, the whole team)');
        overview.pglite = await runOverviewBench(server, 'pglite', log, { exportAll: false });
      }
    } finally {
      await server.stop();
      await tiles?.stop();
    }
  }

  let postgres: { data: DataSetCounts; api: RouteResult[] } | undefined;
  let postgresData: DataSetCounts | undefined;
  let attacks: AttackBenchResult | undefined;
  if (process.env.BENCH_DATABASE_URL && (wanted('postgres') || wanted('overview') || wanted('attacks'))) {
    const databaseUrl = await freshPostgres(process.env.BENCH_DATABASE_URL);
    const data = await loadDataSet({ databaseUrl }, 'PostgreSQL', log);
    postgresData = data;
    const server = await startServer({ port: PORT + 1, env: { DATABASE_URL: databaseUrl, METRICS_TOKEN: BENCH_METRICS_TOKEN } });
    try {
      if (wanted('postgres')) {
        log('API load on PostgreSQL (autocannon, 50 connections, no pipelining)');
        postgres = { data, api: await runApiBench(server, 'postgres', log) };
      }
      if (wanted('attacks')) {
        log('File attacks on PostgreSQL beside colleagues reading shops (decision 041)');
        attacks = await runAttackBench(server, log);
      }
      if (wanted('overview')) {
        log('Overview on PostgreSQL (a manager, the last whole quarter, the whole team; the export of every visit)');
        overview.postgres = await runOverviewBench(server, 'postgres', log, { exportAll: true });
      }
    } finally {
      await server.stop();
    }
  } else if (wanted('postgres') || wanted('overview') || wanted('attacks')) {
    log('BENCH_DATABASE_URL not set: PostgreSQL skipped (its targets show as FAIL: not measured)');
  }

  // The calendar feed (decision 028): a rep with 2,000 appointments, on PostgreSQL, in a database of its own.
  let feed: FeedBenchResult | undefined;
  if (process.env.BENCH_DATABASE_URL && wanted('feed')) {
    log('Calendar feed on PostgreSQL (autocannon, a few connections: a calendar server polling one address)');
    feed = await runFeedBench(process.env.BENCH_DATABASE_URL, PORT + 2, log);
  }

  // The shop import (decision 030): 20,000 shops from XLSX on PGlite (and PostgreSQL), each in a process of its own.
  let shopImport: ImportBenchResult | undefined;
  let shopImportPostgres: ImportBenchResult | undefined;
  if (wanted('import')) ({ pglite: shopImport, postgres: shopImportPostgres } = await runImportBench(log, process.env.BENCH_DATABASE_URL));

  // Photos of a visit (decision 035): the upload on the mobile network, the timeline with 200 pictures, memory under 100 PUTs at once.
  let photos: PhotosBenchResult | undefined;
  if (wanted('photos')) {
    log('Photos: upload from a page at 750 kbps up, a shop with 200 pictures, 100 uploads at once');
    photos = await runPhotosBench(dist, PORT + 3, log, process.env.BENCH_DATABASE_URL, freshPostgres);
  }

  // The server at rest as `npm start` runs it: PGlite, the demo data, the web build (decision 072).
  let idle: IdleBenchResult | undefined;
  if (wanted('idle')) {
    log('Idle memory: `npm start` on the demo data, restarted; a minute after the last request, and after the API load');
    idle = await runIdleBench(PORT + 4, log, dist);
  }

  let targets: Target[] = [];
  const add = (name: string, value: number | undefined, limit: number, unit: string, atMost: boolean) => {
    const pass = value !== undefined && (atMost ? value <= limit : value >= limit);
    const figure = value === undefined ? 'not measured' : `${value} ${unit} (${atMost ? '≤' : '≥'} ${limit} ${unit})`;
    targets.push({ name, figure, pass });
  };
  add('Initial-route JS (gzip)', web?.bundle.initialGzipKb, 150, 'KB', true);
  // The pipeline's replay over every visit of the data set (decision 066), right after it was loaded.
  if (pgliteData) add('Pipeline replay of the 200,000 visits, PGlite', pgliteData.replaySeconds, 180, 's', true);
  if (postgresData) add('Pipeline replay of the 200,000 visits, PostgreSQL', postgresData.replaySeconds, 60, 's', true);
  // The page figures at the CPU slowdown calibrated to the host (decision 034); a host too slow to emulate a tier fails here.
  const calibration = web?.calibration;
  for (const tier of calibration ? [calibration.mid, calibration.low] : []) {
    targets.push({
      name: `Host can emulate the ${tier.name} phone (benchmark index ≥ ${tier.deviceIndex})`,
      figure: `index ${calibration!.index}: CPU slowdown ${tier.exactRate}x${tier.emulated ? '' : ', HOST TOO SLOW (measured at 1x)'}`,
      pass: tier.emulated,
    });
  }
  const mid = calibration ? `mid-tier ${calibration.mid.rate}x` : 'mid-tier';
  const low = calibration ? `low-tier ${calibration.low.rate}x` : 'low-tier';
  add(`Home LCP, ${mid}`, web?.home.lcpMs, 2000, 'ms', true);
  add(`Home TBT, ${mid}`, web?.home.tbtMs, 150, 'ms', true);
  add(`Shop page LCP, ${mid}`, web?.shop.lcpMs, 2000, 'ms', true);
  add(`Shop page TBT, ${mid}`, web?.shop.tbtMs, 150, 'ms', true);
  add(`Home LCP warm (service worker installed), ${mid}`, web?.homeWarm.lcpMs, 1000, 'ms', true);
  // The same figures as multiples of a static reference page's in the same run (decision 074): they hold from host to host.
  add(`Home LCP ÷ its reference page's, ${mid}`, web?.ratios.home, 1.5, '×', true);
  add(`Shop page LCP ÷ its reference page's, ${mid}`, web?.ratios.shop, 1.5, '×', true);
  add(`Home LCP warm ÷ its reference page's, ${mid}`, web?.ratios.homeWarm, 1.2, '×', true);
  add(
    `Shop select per keystroke, 20,000 shops, ${mid} (slowest key)`,
    web?.select.listCorrect ? web.select.maxMs : undefined,
    50,
    'ms',
    true,
  );
  if (web && web.calendar.calendarsLoaded < web.calendar.owners)
    targets.push({
      name: `Month calendar with 6 colleagues, ${mid}`,
      figure: `only ${web.calendar.calendarsLoaded} of ${web.calendar.owners} calendars loaded (${web.calendar.events} appointments), ${web.calendar.renderMs} ms: not a valid figure`,
      pass: false,
    });
  else
    add(
      `Month calendar with 6 colleagues (${web?.calendar.events ?? '~1,090'} appointments), ${mid}`,
      web?.calendar.renderMs,
      500,
      'ms',
      true,
    );
  add(`Home LCP, ${low}`, web?.homeLow.lcpMs, 4000, 'ms', true);
  add(`Home TBT, ${low}`, web?.homeLow.tbtMs, 600, 'ms', true);
  add(`Shop page LCP, ${low}`, web?.shopLow.lcpMs, 4000, 'ms', true);
  add(`Shop page TBT, ${low}`, web?.shopLow.tbtMs, 600, 'ms', true);
  // The map (decision 071): its figures at the mid-tier rate; the first time on a device is printed, without a target.
  const mapCpu = map ? `mid-tier ${map.cpu}x` : 'mid-tier';
  add(`Map: clusters after the tap on Kaart, 20,000 shops, places on the device, ${mapCpu}`, map?.clustersMs, 1500, 'ms', true);
  add(`Map: a frame's main-thread work while panning 300 px, ${mapCpu}`, map?.panLongestFrameMs, 50, 'ms', true);
  add(`Map: a frame's main-thread work while zooming in a step, ${mapCpu}`, map?.zoomLongestFrameMs, 50, 'ms', true);
  for (const page of ['Home', 'shop page']) {
    const l = web?.lighthouse.find((f) => f.page === page);
    if (web && !l) {
      targets.push({ name: `Lighthouse ${page} performance, ${mid}`, figure: 'Lighthouse did not run (see above)', pass: false });
      continue;
    }
    // Lighthouse's own figures of its median run, as PageSpeed reports them: its LCP and TBT come from its simulated
    // throttling, not from our loads.
    add(
      `Lighthouse ${page} performance, median run, ${mid}${l ? ` (runs ${l.runScores.join(', ')})` : ''}`,
      l?.performance,
      95,
      'points',
      false,
    );
    add(`Lighthouse ${page} LCP, median run, ${mid}`, l?.lcpMs, 2000, 'ms', true);
    add(`Lighthouse ${page} TBT, median run, ${mid}`, l?.tbtMs, 150, 'ms', true);
  }
  for (const route of [
    'GET /api/shops (revalidated)',
    'GET /api/shops/{id}',
    'GET /api/shops/{id}/prospections',
    'GET /api/employees/{id}/appointments (week)',
  ]) {
    add(`PostgreSQL p99 ${route}`, postgres?.api.find((r) => r.route === route)?.p99, 50, 'ms', true);
  }
  const pgProspections = find(postgres?.api, 'GET /api/shops/{id}/prospections');
  add(
    'PostgreSQL GET /api/shops/{id}/prospections share of ceiling',
    pgProspections ? Math.round(pgProspections.ratioToCeiling * 1000) / 10 : undefined,
    25,
    '%',
    false,
  );
  const pgSubmit = find(postgres?.api, 'POST');
  add('PostgreSQL submits/s', pgSubmit?.reqPerSec, 200, '/s', false);
  add('PostgreSQL submit p99', pgSubmit?.p99, 200, 'ms', true);
  const liteSubmit = find(pgliteApi, 'POST');
  add('PGlite submits/s', liteSubmit?.reqPerSec, 50, '/s', false);
  add('PGlite submit p99', liteSubmit?.p99, 200, 'ms', true);

  for (const a of attacks?.attacks ?? []) {
    add(`PostgreSQL event loop max while ${a.attack} (answered ${a.status} ${a.code ?? ''})`, a.maxDelayMs, 100, 'ms', true);
  }
  if (attacks)
    add(
      `PostgreSQL submit p99 while the 20,000-shop file is imported (${attacks.importsDuringLoad} imports; alone ${attacks.submitP99AloneMs} ms), % of alone`,
      Math.round((attacks.submitP99WithImportMs / attacks.submitP99AloneMs) * 100),
      120,
      '%',
      true,
    );
  add(
    `PostgreSQL feed p99 (${feed?.appointments ?? 2000} appointments)`,
    feed && !feed.full.non2xx ? feed.full.p99 : undefined,
    100,
    'ms',
    true,
  );
  targets.push({
    name: 'PostgreSQL feed answers 304 for an unchanged ETag',
    figure: feed ? (feed.all304 ? `every poll 304 (p99 ${feed.revalidated.p99} ms)` : 'not every poll 304') : 'not measured',
    pass: !!feed?.all304,
  });

  // The overview (decision 033): each figure's p95 for a quarter and the whole team; the export of every visit.
  for (const [database, result, limit] of [
    ['PostgreSQL', overview.postgres, 300],
    ['PGlite', overview.pglite, 1000],
  ] as const) {
    for (const figure of OVERVIEW_FIGURES) {
      const what = figure === 'funnel' ? 'funnel of a season, the whole team' : `${figure}, a quarter`;
      add(`${database} overview ${what}, p95`, result?.figures.find((f) => f.figure === figure)?.p95, limit, 'ms', true);
    }
  }
  const exported = overview.postgres?.export;
  add(
    `PostgreSQL XLSX export of every visit (${exported?.visits ?? 200_000})`,
    exported ? Math.round(exported.ms / 100) / 10 : undefined,
    30,
    's',
    true,
  );
  add('PostgreSQL server peak RSS during the export', exported?.serverPeakRssMb, 250, 'MB', true);

  // The shop import's targets are judged by bench/import.ts (PGlite's memory as decision 031 says).
  targets.push(...importTargets(shopImport, shopImportPostgres));

  if (photos) {
    const mid = `mid-tier ${photos.calibration.mid.rate}x`;
    const sent = photos.upload.statuses.every((s) => s === 201);
    add(
      `Photos: a visit's 5 pictures (${photos.pictureKb.slice(0, 5).join(', ')} KB) sent one by one, 750 kbps up, 150 ms`,
      sent ? Math.round(photos.upload.ms / 100) / 10 : undefined,
      20,
      's',
      true,
    );
    const t = photos.timeline;
    add(
      `Photos: shop page LCP with ${t.photos} pictures, ${mid} (without pictures: ${t.withoutPhotos.lcpMs} ms)`,
      t.lcpMs,
      2000,
      'ms',
      true,
    );
    add(
      `Photos: largest thumbnail the timeline fetched (${t.thumbsBeforeScroll} before scrolling, ${t.thumbsInView} once in view)`,
      t.thumbsBeforeScroll + t.thumbsInView ? t.thumbsMaxKb : undefined,
      30,
      'KB',
      true,
    );
    targets.push({
      name: `Photos: thumbnails lazy (fetched before scrolling, of ${t.photos})`,
      figure: `${t.thumbsBeforeScroll} (< ${t.photos})`,
      pass: t.thumbsBeforeScroll < t.photos,
    });
    for (const database of ['PGlite', 'PostgreSQL']) {
      const m = photos.memory.find((r) => r.database === database);
      if (!m) continue;
      add(
        `Photos: ${database} server RSS increase, 100 uploads at once (${m.rssBeforeMb ?? '?'} → ${m.peakMb ?? '?'} MB, ${m.created}/100 answered 201)`,
        m.created === 100 ? m.increaseMb : undefined,
        100,
        'MB',
        true,
      );
    }
  }

  add('Idle RSS, npm start on the demo data, a minute after the last request', idle?.afterRestartMb, 250, 'MB', true);
  add(
    `Idle RSS, npm start on the demo data, a minute after the API load (peak ${idle?.peakMb ?? '?'} MB)`,
    idle?.afterLoadMb,
    350,
    'MB',
    true,
  );

  if (only) targets = targets.filter((t) => t.figure !== 'not measured');
  log('');
  log('Targets');
  if (calibration)
    log(
      `  (host benchmark index ${calibration.index}, ${web?.indexAfter} after the page figures; CPU slowdown mid-tier ${calibration.mid.rate}x, low-tier ${calibration.low.rate}x)`,
    );
  for (const t of targets) log(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.figure}`);
  const seconds = Math.round((performance.now() - started) / 1000);
  log(`${targets.filter((t) => t.pass).length}/${targets.length} targets met; bench took ${seconds} s`);

  const results = {
    date: new Date().toISOString(),
    machine: info,
    seconds,
    targets,
    only: only ? [...only] : null,
    web: web ?? null,
    map: map ?? null,
    pglite: { data: pgliteData, api: pgliteApi ?? null },
    postgres: postgres ?? null,
    shopImport: shopImport ?? null,
    shopImportPostgres: shopImportPostgres ?? null,
    feed: feed ?? null,
    attacks: attacks ?? null,
    overview,
    photos: photos ?? null,
    idle: idle ?? null,
  };
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  writeFileSync(path.join(repoRoot, `bench/results/${only ? 'partial' : 'latest'}.json`), JSON.stringify(results, null, 2) + '\n');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
  process.exitCode = targets.every((t) => t.pass) ? 0 : 1;
}

await main();
