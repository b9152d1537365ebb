// The server's memory at rest, as `npm start` runs it: the embedded database (PGlite) with the demo data, a DATA_DIR
// of its own. Started once to seed it, then restarted: its RSS a minute after a rep's first requests, and a minute
// after the bench's API load on the same server (decision 072). Read from /proc (VmRSS) of the node process that
// runs the server (tsx starts it as a child of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runApiBench, type RouteResult } from './api.js';
import { nodeProcess, procStatus } from './overview.js';
import { startServer, type RunningServer } from './server.js';

/** How long the server is left alone before its RSS is read: "a minute after the last request". */
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);

export interface IdleBenchResult {
  /** RSS right after the restart, before any request but the bench's sign-in. */
  startedMb?: number;
  /** RSS a minute after a rep's first requests (Home, her shops, a shop and its visits). */
  afterRestartMb?: number;
  /** RSS a minute after the API load (bench/api.ts) on the same server. */
  afterLoadMb?: number;
  /** The process's peak RSS over the restart, the requests and the load. */
  peakMb?: number;
  api: RouteResult[];
}

const idle = () => new Promise((r) => setTimeout(r, IDLE_S * 1000));

/** What the app asks when a rep opens it: the page, who she is, her shops, one shop and its visits. */
async function firstRequests(server: RunningServer) {
  const get = (p: string) =>
    fetch(server.base + p, { headers: { cookie: server.cookie, 'accept-encoding': 'gzip, deflate, br' } }).then((r) => r.arrayBuffer());
  await get('/');
  await get('/api/me');
  const shops = JSON.parse(new TextDecoder().decode(await get('/api/shops'))) as { id: number }[];
  await get(`/api/shops/${shops[0].id}`);
  await get(`/api/shops/${shops[0].id}/prospections`);
}

export async function runIdleBench(port: number, log: (line: string) => void, webDist?: string): Promise<IdleBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospectie-bench-idle-'));
  const env = { DATA_DIR: dataDir, SEED: 'demo' };
  try {
    // The first start builds and seeds the database; what is measured is a start on it, as after any restart.
    await (await startServer({ port, env, webDist })).stop();
    const server = await startServer({ port, env, webDist });
    try {
      const pid = nodeProcess(server.pid);
      const startedMb = procStatus(pid, 'VmRSS');
      await firstRequests(server);
      await idle();
      const afterRestartMb = procStatus(pid, 'VmRSS');
      log(`  demo data, restarted: ${startedMb} MB; ${IDLE_S} s after a rep's first requests: ${afterRestartMb} MB`);
      const api = await runApiBench(server, 'demo', log);
      await idle();
      const afterLoadMb = procStatus(pid, 'VmRSS');
      const peakMb = procStatus(pid, 'VmHWM');
      log(`  ${IDLE_S} s after the API load: ${afterLoadMb} MB (peak ${peakMb} MB)`);
      return { startedMb, afterRestartMb, afterLoadMb, peakMb, api };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
