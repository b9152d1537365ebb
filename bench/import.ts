// The shop import's bench (issue 22): 20,000 shops from XLSX, dry run plus apply, then the same file again, on
// PGlite in a DATA_DIR of its own, in a process of its own so its peak RSS is the import's (and PGlite's) alone; with
// BENCH_DATABASE_URL the same again on PostgreSQL in a database of its own, where the process holds the import only.
// Run by bench/run.ts (BENCH_ONLY=import); `npx tsx bench/import.ts --child [DATABASE_URL]` prints the figures as JSON.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.js';
import { belgianCities } from '../server/src/db/seed-data/cities.js';
import { seedDemo } from '../server/src/db/seed.js';
import { importShops } from '../server/src/services/import/shops.js';
import { makeXlsx } from '../server/src/test/xlsx.js';

export interface ImportBenchResult {
  shops: number;
  fileMb: number;
  /** Dry run plus apply of the new file. */
  firstRunMs: number;
  /** Dry run plus apply of the same file again. */
  againMs: number;
  /** Rows the second apply changed (shops, addresses, contacts): must be 0. */
  changedAgain: number;
  peakRssMb: number;
  /** Peak RSS before the import began: the database opened and seeded (PGlite's own share). */
  rssBeforeImportMb: number;
  database: 'PGlite' | 'PostgreSQL';
}

const SHOPS = 20_000;

async function child(databaseUrl: string | undefined): Promise<ImportBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-import-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    // Countries, cities and the demo people, and one shop of the seed (it needs one); the import brings the rest.
    await seedDemo(database.db, new Date(2026, 10, 23), { shops: 1 });
    const rows: (string | number)[][] = [
      ['Klantnummer', 'Naam', 'Straat', 'Huisnummer', 'Postcode', 'Gemeente', 'Land', 'Klant', 'Eigenaar', 'Vertegenwoordiger'],
    ];
    for (let i = 0; i < SHOPS; i++) {
      const city = belgianCities[i % belgianCities.length];
      rows.push([
        `K${100000 + i}`,
        `Winkel ${i}`,
        'Kerkstraat',
        (i % 200) + 1,
        city.postalCode,
        city.name,
        'BE',
        `Klant ${i}`,
        `Eigenaar ${i}`,
        i % 3 ? 'demo@example.com' : '',
      ]);
    }
    const bytes = makeXlsx(rows);
    const rssBeforeImportMb = Math.round(process.resourceUsage().maxRSS / 1024);
    const run = async () => {
      const started = performance.now();
      await importShops(database.db, { bytes, fileName: 'bench.xlsx', dryRun: true, actorUserId: null });
      const report = await importShops(database.db, { bytes, fileName: 'bench.xlsx', dryRun: false, actorUserId: null });
      return { ms: Math.round(performance.now() - started), report };
    };
    const first = await run();
    if (first.report.counts.new !== SHOPS) throw new Error(`expected ${SHOPS} new shops, got ${JSON.stringify(first.report.counts)}`);
    const stamp = async () =>
      (
        (await database.db.execute(
          sql`select (select count(*) from shops) + (select count(*) from addresses) + (select count(*) from contacts) as n,
                   (select max(xmin::text::bigint) from shops) as x`,
        )) as unknown as { rows: { n: number; x: number }[] }
      ).rows[0];
    const before = await stamp();
    const again = await run();
    const after = await stamp();
    return {
      shops: SHOPS,
      fileMb: Math.round((bytes.length / 1024 / 1024) * 10) / 10,
      firstRunMs: first.ms,
      againMs: again.ms,
      changedAgain:
        again.report.counts.new +
        again.report.counts.changed +
        (Number(after.n) - Number(before.n)) +
        (Number(after.x) === Number(before.x) ? 0 : 1),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rssBeforeImportMb,
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runChild = (databaseUrl?: string): ImportBenchResult => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'import.ts'), '--child', ...(databaseUrl ? [databaseUrl] : [])],
    {
      cwd: path.join(here, '..'),
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as ImportBenchResult;
};

const describe = (r: ImportBenchResult) =>
  `  ${r.database}: file ${r.fileMb} MB; dry run + apply ${r.firstRunMs} ms; again ${r.againMs} ms (${r.changedAgain} rows changed); peak RSS ${r.peakRssMb} MB (${r.rssBeforeImportMb} MB before the import)`;

/** PGlite always; PostgreSQL too when an admin URL is given (a database of its own, dropped after). */
export async function runImportBench(
  log: (line: string) => void,
  adminUrl?: string,
): Promise<{ pglite: ImportBenchResult; postgres?: ImportBenchResult }> {
  log(`Shop import: ${SHOPS} shops from XLSX, each database in a process of its own`);
  const pglite = runChild();
  log(describe(pglite));
  if (!adminUrl) return { pglite };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('drop database if exists prospectie_bench_import with (force)');
    await admin.query('create database prospectie_bench_import');
    const url = new URL(adminUrl);
    url.pathname = '/prospectie_bench_import';
    const postgres = runChild(url.toString());
    log(describe(postgres));
    return { pglite, postgres };
  } finally {
    await admin.query('drop database if exists prospectie_bench_import with (force)');
    await admin.end();
  }
}

if (process.argv.includes('--child')) {
  console.log(JSON.stringify(await child(process.argv[process.argv.indexOf('--child') + 1])));
}
