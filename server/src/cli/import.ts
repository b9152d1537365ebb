// `npm run import -- shops FILE [--dry-run] [--mapping FILE]`: the shop import of the administration on the command
// line (decision 030), through the same service as POST /api/admin/imports/shops, logged with no actor; and
// `npm run import -- cities FILE --country NAME [--dry-run]`: a country's cities and postal codes (services/import/cities.ts). With PostgreSQL
// it runs beside the servers; with the embedded database it needs the server stopped (PGlite has one owner: the
// DATA_DIR lock says whether it runs). Exit 0: everything imported; 1: rows refused (the others imported, unless
// --dry-run) or the file refused as a whole; 2: a wrong call.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shopImportMapping, type ImportReport, type ShopImportMapping } from '@prospectie/contract';
import { loadConfig } from '../config.js';
import { DomainError } from '../errors.js';
import { importCities } from '../services/import/cities.js';
import { importShops } from '../services/import/shops.js';
import { closeFileJobs } from '../workers/fileJobs.js';
import { texts } from '../texts.js';
import { withCommandDatabase, type Out } from './commandDatabase.js';

function parseArgs(args: string[]) {
  const [kind, ...rest] = args;
  let dryRun = false;
  let mappingFile: string | undefined;
  let country: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--dry-run') dryRun = true;
    else if (rest[i] === '--mapping' && rest[i + 1] && kind === 'shops') mappingFile = rest[++i];
    else if (rest[i] === '--country' && rest[i + 1] && kind === 'cities') country = rest[++i];
    else if (rest[i].startsWith('--')) return null;
    else files.push(rest[i]);
  }
  if (files.length !== 1) return null;
  if (kind === 'shops') return { kind, file: files[0], dryRun, mappingFile } as const;
  if (kind === 'cities' && country?.trim()) return { kind, file: files[0], dryRun, country } as const;
  return null;
}

function printReport(report: ImportReport, out: Out) {
  const t = texts.importCommand;
  for (const row of report.rows) {
    if (row.status === 'refused') out(t.refusedRow(row.row, row.externalNumber, t.reasons[row.reason!]));
    else if (row.mergeCandidate)
      out(t.mergeCandidate(row.row, row.externalNumber ?? '', row.mergeCandidate.shopId, row.mergeCandidate.name));
  }
  out(t.counts(report.counts, report.applied));
}

export async function runImportCommand(args: string[], out: Out = console.log, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const t = texts.importCommand;
  const parsed = parseArgs(args);
  if (!parsed) {
    out(t.usage);
    return 2;
  }
  const base = env.INIT_CWD ?? process.cwd();
  let bytes: Buffer;
  let mapping: ShopImportMapping | undefined;
  try {
    bytes = readFileSync(path.resolve(base, parsed.file));
  } catch {
    out(t.noSuchFile(parsed.file));
    return 2;
  }
  if (parsed.kind === 'shops' && parsed.mappingFile) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path.resolve(base, parsed.mappingFile), 'utf8'));
    } catch {
      json = undefined;
    }
    const result = shopImportMapping.safeParse(json);
    if (!result.success) {
      out(t.badMapping(parsed.mappingFile));
      return 2;
    }
    mapping = result.data;
  }

  return withCommandDatabase(loadConfig(env), out, async (database) => {
    try {
      const fileName = path.basename(parsed.file);
      const report =
        parsed.kind === 'shops'
          ? await importShops(database.db, { bytes, fileName, mapping, dryRun: parsed.dryRun, actorUserId: null })
          : await importCities(database.db, { bytes, fileName, country: parsed.country, dryRun: parsed.dryRun, actorUserId: null });
      printReport(report, out);
      return report.counts.refused > 0 ? 1 : 0;
    } catch (err) {
      if (err instanceof DomainError && err.code in t.fileErrors) {
        const code = err.code as keyof typeof t.fileErrors;
        out(parsed.kind === 'cities' && code === 'import_mapping_incomplete' ? t.cityColumnsMissing : t.fileErrors[code]);
        return 1;
      }
      throw err;
    } finally {
      await closeFileJobs();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runImportCommand(process.argv.slice(2));
}
