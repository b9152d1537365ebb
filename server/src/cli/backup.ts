// `npm run backup -- FILE` and `npm run restore -- FILE [--force]`: the embedded database (PGlite under DATA_DIR)
// copied whole into one file and back (docs/decisions/064-backups-of-the-embedded-database.md). PGlite has one
// owner, so both need the server stopped: the DATA_DIR lock says whether it runs. PostgreSQL has its own tools
// (pg_dump -Fc / pg_restore, docs/operations.md).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { newPglite } from '../db/pglite.js';
import { texts } from '../texts.js';
import { takeDataDirLock, type Out } from './commandDatabase.js';

/** `npm run backup -- FILE` from the repository's root runs in server/: a relative FILE means where the operator typed it. */
const resolveFile = (file: string, env: NodeJS.ProcessEnv) => path.resolve(env.INIT_CWD ?? process.cwd(), file);

/** Tables whose rows make a database "in use": people and shops (the reference lists come with the migrations). */
const DATA_TABLES = ['users', 'employees', 'shops', 'prospections'];

async function countDataRows(client: PGlite): Promise<number> {
  const present = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_name = any($1)`,
    [DATA_TABLES],
  );
  let total = 0;
  for (const { name } of present.rows) {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    total += result.rows[0].n;
  }
  return total;
}

/** A PGlite tarball holds PG_VERSION and the app's migrations table; anything else is not a backup of ours. */
async function isProspectieDatabase(client: PGlite): Promise<boolean> {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  return result.rows[0].n === 1;
}

export async function runBackupCommand(args: string[], out: Out = console.log, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length) {
    out(texts.backupCommand.usage);
    return 2;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    out(texts.backupCommand.postgresUsesPgDump);
    return 2;
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!existsSync(pgliteDir)) {
    out(texts.backupCommand.nothingToBackUp(config.dataDir));
    return 1;
  }
  const unlock = takeDataDirLock(config.dataDir, out);
  if (!unlock) return 1;
  try {
    const client = newPglite(pgliteDir);
    let tarball: Blob;
    try {
      // A checkpoint first, so the copy holds every committed change in the data files themselves.
      await client.exec('checkpoint');
      tarball = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    // Written beside the target and renamed: an interrupted backup never leaves a half file under the real name.
    const target = resolveFile(file, env);
    const partial = `${target}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, target);
    out(texts.backupCommand.written(target, statSync(target).size));
    return 0;
  } finally {
    unlock();
  }
}

export async function runRestoreCommand(args: string[], out: Out = console.log, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const force = args.includes('--force');
  const positional = args.filter((a) => a !== '--force');
  if (positional.length !== 1 || positional[0].startsWith('--')) {
    out(texts.backupCommand.restoreUsage);
    return 2;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    out(texts.backupCommand.postgresUsesPgDump);
    return 2;
  }
  const source = resolveFile(positional[0], env);
  if (!existsSync(source) || !statSync(source).isFile()) {
    out(texts.backupCommand.noSuchFile(source));
    return 1;
  }
  const unlock = takeDataDirLock(config.dataDir, out);
  if (!unlock) return 1;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // Shaped like a DATA_DIR of its own (DATA_DIR/restoring/pglite), so the server's own opening migrates it.
  const stagingRoot = path.join(config.dataDir, 'restoring');
  const staging = path.join(stagingRoot, 'pglite');
  try {
    if (existsSync(pgliteDir) && !force) {
      const current = newPglite(pgliteDir);
      const rows = await countDataRows(current).finally(() => current.close());
      if (rows > 0) {
        out(texts.backupCommand.notEmpty(config.dataDir));
        return 1;
      }
    }
    // Unpacked into a directory of its own first: a file that is no backup, or a broken one, leaves DATA_DIR as it was.
    rmSync(stagingRoot, { recursive: true, force: true });
    mkdirSync(stagingRoot, { recursive: true });
    const bytes = readFileSync(source);
    const gzip = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
    let valid = false;
    if (gzip) {
      try {
        const client = newPglite(staging, { loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }) });
        try {
          valid = (await isProspectieDatabase(client)) && existsSync(path.join(staging, 'PG_VERSION'));
        } finally {
          await client.close();
        }
      } catch {
        valid = false;
      }
    }
    if (!valid) {
      out(texts.backupCommand.notABackup(source));
      return 1;
    }
    // A backup made by an older version gets this version's migrations now, as at a server's start.
    const migrated = await openDatabase({ dataDir: stagingRoot }, { dataDirLocked: true });
    await migrated.close();
    if (existsSync(pgliteDir)) {
      // The database it replaces stays beside it until the operator removes it: a restore by mistake is undone by hand.
      const kept = path.join(config.dataDir, `pglite.before-restore-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}`);
      renameSync(pgliteDir, kept);
      out(texts.backupCommand.keptOld(kept));
    }
    renameSync(staging, pgliteDir);
    out(texts.backupCommand.restored(source, config.dataDir));
    return 0;
  } finally {
    rmSync(stagingRoot, { recursive: true, force: true });
    unlock();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...rest] = process.argv.slice(2);
  process.exitCode = command === 'restore' ? await runRestoreCommand(rest) : await runBackupCommand(rest);
}
