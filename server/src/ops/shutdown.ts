// Graceful stop: refuse new work (503, /api/ready 503), let running requests finish within the grace
// period, then close the listener and the pool. The caller exits 0.
import type { Logger } from 'pino';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

export async function shutdownGracefully(
  app: App,
  database: Database,
  graceMs: number,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<'drained' | 'cut'> {
  const started = Date.now();
  app.lifecycle.beginDrain();
  let outcome: 'drained' | 'cut' = 'drained';
  if ((await Promise.race([app.lifecycle.idle().then(() => 'idle' as const), timeout(graceMs)])) === 'timeout') {
    log.warn({ inFlight: app.lifecycle.inFlight }, 'grace period over: cutting the requests still running');
    outcome = 'cut';
    app.server.closeAllConnections();
  }
  // app.close stops the listener and closes the connections left, which carry no request any more (app.ts).
  const closing = app.close();
  if (
    (await Promise.race([closing.then(() => 'closed' as const), timeout(Math.max(0, graceMs - (Date.now() - started)) + 1000)])) ===
    'timeout'
  ) {
    app.server.closeAllConnections();
    outcome = 'cut';
    await closing;
  }
  await database.close();
  log.info({ ms: Date.now() - started }, 'drained and closed');
  return outcome;
}
