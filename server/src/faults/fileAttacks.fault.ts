// Every file attack of the security review, sent to a real server process (on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set) beside a colleague who keeps using the app: once the attack's body has arrived and its
// file work has started (the server counts it in its metrics), /api/health and /api/me are answered while it is still
// pending; the attack gets its 4xx; the server's RSS afterwards is within 50 MB of before; and the process still stops
// on SIGTERM with a file stuck in its reader; and a file that exhausts its reader's heap ends that reader, not the
// server. Asserts behaviour, not time (decision 041).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { dbKinds, type DbKind } from '../test/harness.js';
import { erpShopsXlsx, fileAttacks, outlookExport, type FileAttack } from '../test/fileFixtures.js';
import { freePort, spawnServer, waitReady } from '../test/serverProcess.js';

const METRICS_TOKEN = 'fault-suite-metrics-token';
// The servers run with the file work's own default deadline (config.ts's FILE_JOB_DEADLINE_MS) unless a test says
// otherwise. Half of it was once used here so that the endless rules ended sooner; but a child that works at nice 10,
// and gives way while the other fault suites load both cores (decision 089), ran out of it on the Outlook export on a
// slower host (its answer, file_too_complex, came after 10.3 s) where a rep's import passes. What is asserted stays
// the same.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(env: Record<string, string>, deadlineMs?: number): Promise<Running> {
  const port = await freePort();
  const deadline: Record<string, string> = deadlineMs === undefined ? {} : { FILE_JOB_DEADLINE_MS: String(deadlineMs) };
  const server = spawnServer({ PORT: String(port), METRICS_TOKEN, ...deadline, ...env });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(server, base, 120_000);
  return { child: server.child, base, output: server.output };
}

/** Stops a server and waits for it to end. */
async function stop(server: Running) {
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  await exited;
}

/** The server process's resident memory in MB (Linux). */
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: '1' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(204);
  return res.headers.getSetCookie()[0].split(';')[0];
}

/** How many file jobs a thread has taken so far, from the server's metrics. */
async function jobsStarted(base: string): Promise<number> {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/prospectie_file_jobs\{state="started"\} (\d+)/.exec(text)?.[1] ?? 0);
}

function send(base: string, cookie: string, attack: FileAttack) {
  const url = attack.to === 'ics' ? `${base}/api/appointments/import` : `${base}/api/admin/imports/shops?fileName=aanval.xlsx`;
  return fetch(url, {
    method: 'POST',
    headers: {
      cookie,
      [CLIENT_HEADER]: '1',
      'content-type': attack.to === 'ics' ? 'text/calendar' : 'application/octet-stream',
    },
    body: typeof attack.body === 'string' ? attack.body : new Uint8Array(attack.body),
  }).then(async (res) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code }));
}

/** A throwaway PostgreSQL database for the server, dropped after. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `prospectie_fault_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

describe.each(dbKinds)('file attacks on a real server (%s)', (kind: DbKind) => {
  let server: Running;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let rep: string;
  let admin: string;
  const attacks = fileAttacks();

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'prospectie-attacks-'));
      env = { DATA_DIR: dataDir };
      server = await startServer(env);
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const database = await postgresDatabase();
      env = { DATABASE_URL: database.url };
      server = await startServer(env);
      cleanup = database.drop;
    }
    rep = await signIn(server.base, 'demo@example.com');
    admin = await signIn(server.base, 'beheer@example.com');
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await cleanup?.();
  });

  it('answers health and /api/me while each attack is worked on, refuses each with its code, and gives its memory back', async () => {
    // A server in use first: the largest real files (the ERP's 20,000 shops, an Outlook export of years) pass.
    const erp = await send(server.base, admin, { name: 'ERP', to: 'shops', body: erpShopsXlsx(), expect: { status: 200 } });
    expect(erp.status).toBe(200);
    const outlook = await send(server.base, rep, { name: 'Outlook', to: 'ics', body: outlookExport(), expect: { status: 200 } });
    expect(outlook.status).toBe(200);
    await sleep(6_000); // the server's heap settles after the two files
    const before = rssMb(server.child.pid!);

    for (const attack of attacks) {
      const startedBefore = await jobsStarted(server.base);
      let settled = false;
      const answer = send(server.base, attack.to === 'ics' ? rep : admin, attack).finally(() => (settled = true));
      // The whole body has arrived and a thread has taken the file.
      while ((await jobsStarted(server.base)) === startedBefore && !settled) await sleep(5);
      const health = await fetch(`${server.base}/api/health`);
      const me = await fetch(`${server.base}/api/me`, { headers: { cookie: rep } });
      expect(health.status, attack.name).toBe(200);
      expect(me.status, attack.name).toBe(200);
      if (attack.endless) expect(settled, `${attack.name}: still pending while others are served`).toBe(false);
      const got = await answer;
      expect(got.status, attack.name).toBe(attack.expect.status);
      if (attack.expect.code) expect(got.code, attack.name).toBe(attack.expect.code);
    }

    // The children's memory is their own (they end 30 s after their last file); the server's settles as its heap is
    // collected, later when other suites keep the cores busy: given up to 30 s.
    await sleep(7_000);
    let after = rssMb(server.child.pid!);
    await expect.poll(() => (after = rssMb(server.child.pid!)) - before, { timeout: 30_000, interval: 1_000 }).toBeLessThan(50);
    console.info(`[${kind}] server RSS ${before.toFixed(0)} MB before the attacks, ${after.toFixed(0)} MB after`);
  }, 600_000);

  it("answers a file that exhausts its reader's heap with file_too_complex, and goes on serving", async () => {
    // ical.js allocates as it loops on a rule that never occurs: with a long deadline the heap limit ends it first.
    await stop(server);
    server = await startServer({ ...env, FILE_JOB_MEMORY_MB: '64' }, 600_000);
    rep = await signIn(server.base, 'demo@example.com');
    const [endless] = attacks.filter((a) => a.endless);
    expect(await send(server.base, rep, endless)).toEqual({ status: 422, code: 'file_too_complex' });
    expect((await fetch(`${server.base}/api/me`, { headers: { cookie: rep } })).status).toBe(200);
    const metrics = await (await fetch(`${server.base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/prospectie_file_jobs\{state="stopped"\} 1/);
    expect(server.output()).not.toMatch(/FATAL ERROR/);
  }, 180_000);

  it('stops on SIGTERM while a file is stuck in a never-ending rule', async () => {
    const [stuck] = attacks.filter((a) => a.endless);
    const startedBefore = await jobsStarted(server.base);
    const pending = send(server.base, rep, stuck).catch(() => ({ status: 0, code: 'connection closed' }));
    while ((await jobsStarted(server.base)) === startedBefore) await sleep(5);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await pending;
  }, 60_000);
});
