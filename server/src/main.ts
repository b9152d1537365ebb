// Starts the server: reads the configuration, opens and migrates the database (seeding demo data under
// the same lock), listens, and on SIGTERM/SIGINT drains and stops (docs/decisions/011-stateless-and-shutdown.md).
// The DATA_DIR lock is taken before the heavy modules load, so a second server on it stops at once.
import { loadConfig } from './config.js';
import { startupAddress } from './ops/address.js';
import { DataDirInUseError, lockDataDir } from './ops/dataDirLock.js';
import { createLogger, safeError } from './ops/logging.js';
import { texts } from './texts.js';

const config = loadConfig();
const log = createLogger(config.logLevel);

if (!config.databaseUrl) {
  try {
    const unlock = lockDataDir(config.dataDir);
    process.on('exit', unlock);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    log.fatal({ dataDir: err.dataDir, ownerPid: err.ownerPid }, err.message);
    process.exit(1);
  }
}

type Running = { stop(signal: string): Promise<void> };
let running: Running | null = null;
let stopRequested: string | null = null;

const onSignal = (signal: string) => {
  // A group kill (npm, tsx and node all get it, tsx relays it once more) delivers it twice: act once.
  if (stopRequested) return;
  stopRequested = signal;
  if (running) {
    void running.stop(signal);
  } else if (config.databaseUrl) {
    // Still connecting or migrating: PostgreSQL rolls an unfinished migration back and frees the lock.
    log.info({ signal }, 'stopped while starting');
    process.exit(0);
  }
  // PGlite while starting: stop once started, never in the middle of writing its files.
};
// Node ends the process on an unhandled rejection anyway (exit code 1): say so in the log, in words the
// process tests look for, with the reason even when it is not an Error (PGlite's longjmp throws Infinity).
process.on('unhandledRejection', (reason) => {
  log.fatal({ err: safeError(reason), reason: reason instanceof Error ? undefined : String(reason) }, 'unhandled rejection');
  process.exit(1);
});
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

try {
  const [{ buildApp }, { openDatabase }, { seedIfEmpty, topUpDemoAccounts }, { shutdownGracefully }, { runDataSteps }] = await Promise.all([
    import('./app.js'),
    import('./db/client.js'),
    import('./db/seed.js'),
    import('./ops/shutdown.js'),
    import('./services/pipeline/replay.js'),
  ]);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }, {
    log,
    poolMax: config.databasePoolSize,
    // Taken above, before the heavy modules loaded.
    dataDirLocked: true,
    afterMigrate: async (db) => {
      if (config.seed === 'demo') {
        if (await seedIfEmpty(db)) log.info('demo data seeded');
        else if (await topUpDemoAccounts(db)) log.info('demo accounts added');
      }
      // After the seed: its visits get their pipeline statuses too.
      await runDataSteps(db);
    },
  });
  const app = await buildApp({ config, database, loggerInstance: log });
  await app.listen({ port: config.port, host: config.host });
  if (app.jobs.runs) app.jobs.queue.start();
  app.log.info(texts.started(startupAddress(app.server.address(), config.publicUrl), database.kind, config.authMode));

  running = {
    async stop(signal) {
      log.info({ signal, graceMs: config.shutdownGraceMs, inFlight: app.lifecycle.inFlight }, 'shutting down: draining');
      // Backstop: should closing itself hang, do not outlive the grace period by much.
      setTimeout(() => {
        log.error('shutdown did not finish, exiting');
        process.exit(1);
      }, config.shutdownGraceMs + 5000).unref();
      try {
        const outcome = await shutdownGracefully(app, database, config.shutdownGraceMs, log);
        log.info({ outcome }, 'stopped');
        process.exit(0);
      } catch (err) {
        // Said in the log, not left to Node's unhandled-rejection crash.
        log.fatal({ err: safeError(err) }, 'stop failed');
        process.exit(1);
      }
    },
  };
  if (stopRequested) void running.stop(stopRequested);
} catch (err) {
  log.fatal({ err: safeError(err) }, 'start failed');
  process.exit(1);
}
