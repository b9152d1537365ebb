// File attacks beside the normal load (decision 041), on the PostgreSQL server: for each attack of the security review,
// the server process's event-loop delay (perf_hooks.monitorEventLoopDelay, read through its metrics) while the attack
// runs and colleagues keep reading shops; then the visit submit's p99 alone and while the ERP's 20,000-shop file is
// imported (dry runs, one after another) at the same time.
import autocannon from 'autocannon';
import { erpShopsXlsx, fileAttacks } from '../server/src/test/fileFixtures.js';
import { BROWSER_ACCEPT_ENCODING, visitBody } from './api.js';
import { signIn, type RunningServer } from './server.js';

/** The server's metrics token for this bench (bench/server.ts gives the server this one). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface AttackLoopResult {
  attack: string;
  status: number;
  code: string | null;
  /** The largest event-loop delay while the attack ran, ms. */
  maxDelayMs: number;
}

export interface AttackBenchResult {
  attacks: AttackLoopResult[];
  submitP99AloneMs: number;
  submitP99WithImportMs: number;
  importsDuringLoad: number;
}

/** The largest event-loop delay since the last read, ms (prom-client resets its histogram on every read). */
async function loopDelayMaxMs(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.base}/api/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
  const max = /^prospectie_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1];
  if (max === undefined) throw new Error('no event-loop delay in the metrics');
  return Math.round(Number(max) * 1000);
}

/** Reads of shops by ten colleagues at once until stopped: the normal load an attack runs beside. */
function readingLoad(server: RunningServer, shopIds: number[]) {
  let running = true;
  let n = 0;
  const colleague = async () => {
    while (running) {
      const res = await fetch(`${server.base}/api/shops/${shopIds[(n++ * 7919) % shopIds.length]}`, {
        headers: { cookie: server.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      });
      await res.arrayBuffer();
    }
  };
  const all = Promise.all(Array.from({ length: 10 }, colleague));
  return {
    stop: async () => {
      running = false;
      await all;
    },
  };
}

async function sendFile(server: RunningServer, cookie: string, to: 'ics' | 'shops', body: Buffer | string) {
  const res = await fetch(
    to === 'ics' ? `${server.base}/api/appointments/import` : `${server.base}/api/admin/imports/shops?fileName=bench.xlsx`,
    {
      method: 'POST',
      headers: { cookie, 'x-prospectie-client': '1', 'content-type': to === 'ics' ? 'text/calendar' : 'application/octet-stream' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    },
  );
  // Read whole, parsed only when it is an error: the dry run's report of 20,000 rows is 1.5 MB of JSON, some 10 ms to
  // parse, and here that held this process's event loop, which is autocannon's, while it timed the submits beside the
  // imports. An administrator's browser parses that report on her own computer, not on the reps' phones.
  if (res.ok) await res.arrayBuffer();
  const code = res.ok ? null : (((await res.json()) as { code?: string }).code ?? null);
  return { status: res.status, code };
}

async function submitP99(server: RunningServer, seconds: number, label: string): Promise<number> {
  const [brands, competitors, employees, me, shops] = await Promise.all(
    ['/api/brands', '/api/competitorbrands', '/api/employees', '/api/me', '/api/shops'].map((path) =>
      fetch(server.base + path, { headers: { cookie: server.cookie } }).then((r) => r.json()),
    ),
  );
  const shopIds = (shops as { id: number }[]).map((s) => s.id);
  const body = visitBody(
    (brands as { id: number }[]).map((b) => b.id),
    (competitors as { id: number }[]).map((c) => c.id),
    (employees as { id: number }[]).find((e) => e.id !== (me as { employee: { id: number } }).employee.id)!.id,
  );
  let key = 0;
  let n = 0;
  const out = await autocannon({
    url: server.base,
    connections: 50,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: `/api/shops/${shopIds[(n++ * 7919) % shopIds.length]}/prospections`,
          headers: {
            cookie: server.cookie,
            'content-type': 'application/json',
            'x-prospectie-client': '1',
            'idempotency-key': `attack-bench-${label}-${Date.now()}-${key++}`,
          },
          body,
        }),
      },
    ],
  });
  return out.latency.p99;
}

export async function runAttackBench(server: RunningServer, log: (line: string) => void): Promise<AttackBenchResult> {
  const admin = (await signIn(server.base, 'beheer@example.com')).cookie;
  const shopIds = (
    (await (await fetch(`${server.base}/api/shops`, { headers: { cookie: server.cookie } })).json()) as { id: number }[]
  ).map((s) => s.id);
  const attacks: AttackLoopResult[] = [];
  const erp = erpShopsXlsx();
  // The ERP's own file first: the largest real import, which must not hold the loop either.
  const files = [{ name: "the ERP's 20,000 shops (a real file)", to: 'shops' as const, body: erp }, ...fileAttacks()];
  for (const attack of files) {
    const load = readingLoad(server, shopIds);
    await loopDelayMaxMs(server); // from here
    const answer = await sendFile(server, attack.to === 'ics' ? server.cookie : admin, attack.to, attack.body);
    const maxDelayMs = await loopDelayMaxMs(server);
    await load.stop();
    attacks.push({ attack: attack.name, ...answer, maxDelayMs });
    log(`  ${attack.name.padEnd(46)} ${answer.status} ${answer.code ?? ''}`.padEnd(90) + `event loop max ${maxDelayMs} ms`);
  }

  const seconds = 10;
  const submitP99AloneMs = await submitP99(server, seconds, 'alone');
  let importing = true;
  let importsDuringLoad = 0;
  const imports = (async () => {
    while (importing) {
      const { status } = await sendFile(server, admin, 'shops', erp);
      if (status !== 200) throw new Error(`the ERP file's import answered ${status}`);
      importsDuringLoad++;
    }
  })();
  const submitP99WithImportMs = await submitP99(server, seconds, 'import');
  importing = false;
  await imports;
  log(
    `  visit submit p99 ${submitP99AloneMs} ms alone, ${submitP99WithImportMs} ms while the 20,000-shop file is imported (${importsDuringLoad} imports)`,
  );
  return { attacks, submitP99AloneMs, submitP99WithImportMs, importsDuringLoad };
}
