// What every command (`npm run admin`, `import`, `backup`, `restore`) does before it touches the database: with the
// embedded database it takes DATA_DIR's lock, since PGlite has one owner and a running server holds it; with
// PostgreSQL it runs beside the servers.
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirInUseError, lockDataDir } from '../ops/dataDirLock.js';
import { texts } from '../texts.js';

export type Out = (line: string) => void;

/** The lock of DATA_DIR, or null (with the operator's message written) when a server holds it. */
export function takeDataDirLock(dataDir: string, out: Out): (() => void) | null {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    out(err.message);
    out(texts.commands.stopServerFirst);
    return null;
  }
}

/** Opens the configured database for `run` and closes it after; exit code 1 when a server holds DATA_DIR. */
export async function withCommandDatabase(config: Config, out: Out, run: (database: Database) => Promise<number>): Promise<number> {
  const unlock = config.databaseUrl ? () => {} : takeDataDirLock(config.dataDir, out);
  if (!unlock) return 1;
  try {
    const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }, {
      dataDirLocked: true,
    });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}
