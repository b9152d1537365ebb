// Starts the server: reads the configuration, opens and migrates the database, seeds demo data, listens.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed.js';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
if (config.seed === 'demo') await seedIfEmpty(database.db);
const app = await buildApp({ config, database, logger: { level: config.logLevel } });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Prospectie draait op ${config.publicUrl} (${database.kind}, aanmelden: ${config.authMode})`);
