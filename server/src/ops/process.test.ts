// Real server processes, started the way the Dockerfile starts them (node --import tsx server/src/main.ts):
// one server per DATA_DIR, a SIGTERM in the middle of a stream of visits, a database that is not there
// at start, and PostgreSQL going away under load.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import {
  createTestContext,
  queryRows,
  sampleVisit as visit,
  signInAt as signIn,
  UNHANDLED_REJECTION,
  writeHeaders,
  type TestContext,
} from '../test/harness.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The Dockerfile's CMD, word for word. */
const START = ['--import', 'tsx', 'server/src/main.ts'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null }>;
}

/** Every server started here: none may print an unhandled rejection, which would end it with exit code 1. */
const started: Server[] = [];
afterAll(() => {
  for (const server of started) expect(server.output(), server.output().slice(-3000)).not.toMatch(UNHANDLED_REJECTION);
});

function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, START, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));
  const server = { child, output: () => out, exited };
  started.push(server);
  return server;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('a server on an embedded database (DATA_DIR)', () => {
  const port = 3122;
  const base = `http://127.0.0.1:${port}`;
  const grace = 5000;
  let dataDir: string;
  let server: Server;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-h12-'));
    server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', SHUTDOWN_GRACE_MS: String(grace) });
    // A budget for a slow start on a busy machine (CI shares it with other suites), not an assertion on time.
    await waitFor('the first server', async () => ((await fetch(`${base}/api/ready`)).ok ? true : undefined), 90_000);
  });
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the address it really listens on (PORT, HOST) in its start-up line', () => {
    expect(server.output()).toContain(`"msg":"Prospectie draait op http://127.0.0.1:${port} (pglite, aanmelden: demo)"`);
  });

  it('refuses a second server on the same DATA_DIR before it opens the database or listens, naming the reason', async () => {
    const second = startServer({ PORT: String(port + 1), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${dataDir} is al in gebruik door een andere Prospectie-server (proces ${server.child.pid})`,
    );
    // It stopped at the lock: no migration, no seed, no listener (its log is the refusal alone).
    expect(second.output()).not.toMatch(/demo data seeded|Server listening|draait op/);
    await expect(fetch(`http://127.0.0.1:${port + 1}/api/health`)).rejects.toThrow();
    // The first one did not notice.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('on SIGTERM answers /api/ready 503, finishes the visits in flight, saves every acknowledged visit once and exits 0 within the grace period', async () => {
    // Ready again before the stream starts (on a loaded CI machine the previous test's probes may still be settling).
    await waitFor('the first server to be ready', async () => ((await fetch(`${base}/api/ready`)).ok ? true : undefined), 10_000).catch(
      (err) => {
        throw new Error(`${(err as Error).message}; exit code ${server.child.exitCode}; server output:\n${server.output().slice(-3000)}`);
      },
    );
    const cookie = await signIn(base);
    const shops = (await (await fetch(`${base}/api/shops`, { headers: { cookie } })).json()) as { id: number }[];
    const shopId = shops[0].id;
    const url = `${base}/api/shops/${shopId}/prospections`;
    const headersFor = (key: string) => ({ ...writeHeaders(cookie, { 'idempotency-key': key }), 'content-type': 'application/json' });

    // A visit whose upload is still under way when the signal comes: it must be finished, not cut.
    const slowBody = JSON.stringify(visit('traag'));
    const slow = http.request(url, { method: 'POST', headers: { ...headersFor('traag'), 'content-length': Buffer.byteLength(slowBody) } });
    const slowAnswer = new Promise<number>((resolve, reject) => {
      slow.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      slow.on('error', reject);
    });
    slow.write(slowBody.slice(0, 10));

    const acknowledged: string[] = [];
    const refused: string[] = [];
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const extra = `stroom-${n++}`;
        try {
          const res = await fetch(url, { method: 'POST', headers: headersFor(extra), body: JSON.stringify(visit(extra)) });
          if (res.status === 201) acknowledged.push(extra);
          else {
            expect(res.status).toBe(503);
            expect(await res.json()).toMatchObject({ error: 'Service Unavailable', code: 'server_stopping' });
            refused.push(extra);
          }
        } catch {
          running = false; // the server has stopped listening
        }
      }
    };
    const workers = [worker(), worker(), worker()];
    await waitFor('some acknowledged visits', async () => (acknowledged.length >= 10 ? true : undefined), 20_000);
    const beforeSignal = acknowledged.length;

    server.child.kill('SIGTERM');
    const ready = await waitFor(
      '/api/ready to turn 503',
      async () => {
        const res = await fetch(`${base}/api/ready`);
        return res.status === 503 ? res : undefined;
      },
      2000,
    );
    expect(await ready.json()).toMatchObject({ error: 'Service Unavailable', code: 'server_stopping' });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    await waitFor('new visits to be refused', async () => (refused.length > 0 ? true : undefined), 2000);

    slow.end(slowBody.slice(10));
    expect(await slowAnswer).toBe(201);
    acknowledged.push('traag');

    const { code } = await server.exited;
    running = false;
    await Promise.all(workers);
    expect(code).toBe(0);
    // 'drained': every request ended before the grace period did ('cut' otherwise); the server measures it, not us.
    expect(server.output()).toContain('"outcome":"drained"');
    expect(acknowledged.length).toBeGreaterThan(beforeSignal);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ extra: string; n: number; brands: number }>(
        database,
        sql`select p.extra, count(distinct p.id)::int as n, count(b.*)::int as brands
            from prospections p left join prospection_brands b on b.prospection_id = p.id
            where p.extra like 'stroom-%' or p.extra = 'traag' group by p.extra`,
      );
      const saved = new Map(rows.map((r) => [r.extra, r]));
      for (const extra of acknowledged) {
        expect(saved.get(extra), extra).toEqual({ extra, n: 1, brands: 1 });
      }
      for (const extra of refused) expect(saved.has(extra), extra).toBe(false);
      expect(rows.every((r) => r.n === 1 && r.brands === 1)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('a server whose DATA_DIR is removed while it stops', () => {
  it('says so in its log and exits 1, without an unhandled rejection', async () => {
    // The end of an e2e run did this: its temporary DATA_DIR removed before the server had closed it.
    const port = 3127;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-h12-gone-'));
    // No demo data: the migrations are enough for PGlite to have files to close, and the start is lighter.
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none' });
    try {
      await waitFor('the server', async () => ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok ? true : undefined), 90_000);
      rmSync(dataDir, { recursive: true, force: true });
      server.child.kill('SIGTERM');
      const { code } = await server.exited;
      expect(server.output()).not.toMatch(UNHANDLED_REJECTION);
      expect(code).toBe(1);
      expect(server.output()).toContain('"msg":"stop failed"');
      expect(server.output()).toContain('PGlite could not close its data directory cleanly');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000); // a budget for a slow start on a busy machine, not an assertion on time
});

describe('a server whose PostgreSQL is not reachable at start', () => {
  it('keeps trying with growing waits, says so in its log, and stops cleanly on SIGTERM', async () => {
    const server = startServer({ PORT: '3124', HOST: '127.0.0.1', DATABASE_URL: 'postgres://postgres@127.0.0.1:3129/prospectie' });
    await waitFor(
      'two retries in the log',
      async () => ((server.output().match(/database not reachable at start, retrying/g)?.length ?? 0) >= 2 ? true : undefined),
      20_000,
    );
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes('retrying'))
      .map((l) => JSON.parse(l) as { attempt: number; retryInMs: number; reason: string; level: number });
    expect(lines.slice(0, 2).map((l) => [l.attempt, l.retryInMs, l.reason, l.level])).toEqual([
      [1, 500, 'ECONNREFUSED', 40],
      [2, 1000, 'ECONNREFUSED', 40],
    ]);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});

// Stop/start needs a cluster of our own (root and the PostgreSQL binaries, as in .ci/run); killing
// the connections works on the shared test database.
const pgBin = (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
  .sort((a, b) => Number(b) - Number(a))
  .map((version) => `/usr/lib/postgresql/${version}/bin`)
  .find((dir) => existsSync(path.join(dir, 'initdb')));
const outageKinds = [
  ...(pgBin && process.getuid?.() === 0 ? (['stopped and started'] as const) : []),
  ...(process.env.TEST_DATABASE_URL ? (['connections killed'] as const) : []),
];

describe.each(outageKinds)('PostgreSQL %s under light load', (kind) => {
  if (kind === 'stopped and started') {
    const pgPort = 3125;
    const appPort = 3126;
    const base = `http://127.0.0.1:${appPort}`;
    let dir: string;
    let server: Server;
    const asPostgres = (command: string) => execFileSync('su', ['postgres', '-c', command], { stdio: 'pipe' });
    const pgCtl = (action: 'start' | 'stop') =>
      asPostgres(
        action === 'start'
          ? `${pgBin}/pg_ctl -D ${dir}/data -o '-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1' -l ${dir}/log -w start`
          : `${pgBin}/pg_ctl -D ${dir}/data -m fast -w stop`,
      );

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'prospectie-h12-pg-'));
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
      asPostgres(`${pgBin}/initdb -D ${dir}/data -A trust -U postgres`);
      // The server starts first, finds nothing, waits; then the database comes.
      server = startServer({
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
        SEED: 'demo',
      });
      await waitFor(
        'a retry in the log',
        async () => (server.output().includes('database not reachable at start, retrying') ? true : undefined),
        20_000,
      );
      pgCtl('start');
      await waitFor('the server', async () => ((await fetch(`${base}/api/ready`)).ok ? true : undefined), 45_000);
    });
    afterAll(() => {
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
      try {
        pgCtl('stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers a clean 503 JSON while it is down and succeeds again after, without a restart', async () => {
      expect(server.output()).toContain('"msg":"database reachable"');
      const cookie = await signIn(base);
      const read = () => fetch(`${base}/api/shops`, { headers: { cookie } });
      expect((await read()).status).toBe(200);

      pgCtl('stop');
      for (let i = 0; i < 3; i++) {
        const res = await read();
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toMatchObject({ error: 'Service Unavailable', code: 'database_unavailable' });
      }
      expect((await fetch(`${base}/api/health`)).status).toBe(503);

      pgCtl('start');
      const back = await waitFor(
        'reads to work again',
        async () => {
          const res = await read();
          return res.status === 200 ? res : undefined;
        },
        10_000,
      );
      expect(((await back.json()) as unknown[]).length).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toContain('"level":50');
    });
  } else {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext('postgres');
    });
    afterAll(async () => ctx?.close());

    it('answers only 200 or a clean 503 while its connections are killed, and 200 again after, in the same process', async () => {
      const cookie = await ctx.signIn();
      const [{ name }] = await queryRows<{ name: string }>(ctx.database, sql`select current_database() as name`);
      const statuses: number[] = [];
      let running = true;
      const reader = async () => {
        while (running) {
          const res = await ctx.app.inject({ url: '/api/shops', headers: { cookie } });
          statuses.push(res.statusCode);
          if (res.statusCode !== 200) expect(res.json()).toMatchObject({ error: 'Service Unavailable', code: 'database_unavailable' });
        }
      };
      const readers = [reader(), reader(), reader()];
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        for (let i = 0; i < 8; i++) {
          await sleep(60);
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
            name,
          ]);
        }
      } finally {
        await admin.end();
      }
      // However slow the machine, the readers go on until they have made a fair number of requests.
      while (statuses.length <= 10) await sleep(20);
      running = false;
      await Promise.all(readers);
      expect(statuses.length).toBeGreaterThan(10);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      for (let i = 0; i < 5; i++) expect((await ctx.app.inject({ url: '/api/shops', headers: { cookie } })).statusCode).toBe(200);
    });
  }
});
