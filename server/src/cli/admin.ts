// `npm run admin -- grant-beheerder LOGIN`: makes an existing account beheerder in the app, the way to the first
// administrator besides ADMIN_LOGINS (issue 21). Same services as the API; logged with no actor. With the embedded
// database it needs the server stopped: PGlite has one owner, and the DATA_DIR lock says who.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DomainError } from '../errors.js';
import { DataDirInUseError, lockDataDir } from '../ops/dataDirLock.js';
import { grantBeheerder } from '../services/admin/people.js';
import { texts } from '../texts.js';

export async function runAdminCommand(
  args: string[],
  out: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [command, login] = args;
  if (command !== 'grant-beheerder' || !login?.trim()) {
    out(texts.adminCommand.usage);
    return 2;
  }
  const config = loadConfig(env);
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      out(err.message);
      out(texts.adminCommand.stopServerFirst);
      return 1;
    }
  }
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }, {
    dataDirLocked: true,
  });
  try {
    const person = await grantBeheerder(database.db, login);
    out(texts.adminCommand.granted(person.login, [person.firstName, person.name].filter(Boolean).join(' ')));
    return 0;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'user_not_found') {
      out(texts.adminCommand.unknownLogin(login.trim()));
      return 1;
    }
    throw err;
  } finally {
    await database.close();
    unlock();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runAdminCommand(process.argv.slice(2));
}
