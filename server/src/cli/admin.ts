// `npm run admin -- grant-beheerder LOGIN`: makes an existing account beheerder in the app, the way to the first
// administrator besides ADMIN_LOGINS (decision 029). Same services as the API; logged with no actor. With the embedded
// database it needs the server stopped: PGlite has one owner, and the DATA_DIR lock says who.
import { loadConfig } from '../config.js';
import { DomainError } from '../errors.js';
import { grantBeheerder } from '../services/admin/people.js';
import { texts } from '../texts.js';
import { withCommandDatabase } from './commandDatabase.js';

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
  return withCommandDatabase(loadConfig(env), out, async (database) => {
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
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runAdminCommand(process.argv.slice(2));
}
