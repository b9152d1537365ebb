// API load: autocannon, 50 connections, no pipelining, signed in; every route against the same server.
import autocannon from 'autocannon';
import type { RunningServer } from './server.js';

export interface RouteResult {
  route: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ratioToCeiling: number;
  /** Response size of one request as sent, bytes, and its Content-Encoding. */
  bytes: number;
  encoding: string | null;
}

/** Chromium's Accept-Encoding: API answers are measured as a phone receives them. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;

/** A deterministic walk over shop ids, so reads are not all one cached row. */
function shopWalk(shopIds: number[]) {
  let n = 0;
  return () => shopIds[(n++ * 7919) % shopIds.length];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function weekRange(today = new Date()) {
  const monday = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7)));
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { from: isoDay(monday), to: isoDay(next) };
}

export function visitBody(brandIds: number[], competitorIds: number[], colleagueId: number) {
  return JSON.stringify({
    visitDate: isoDay(new Date()),
    contactTypeId: 1,
    contactName: 'Bench Eigenaar',
    visitTypeId: 1,
    visitContext: 'Nieuwe collectie voorstellen',
    bestBrands: 'Mayerline',
    trends: 'Meer vraag naar linnen',
    brands: brandIds.slice(0, 2).map((brandId, i) => ({ brandId, sellout: 40 + i * 10 })),
    competitorBrandIds: competitorIds.slice(0, 1),
    brandInterests: brandIds.slice(2, 3).map((brandId) => ({ brandId, remark: 'Wil stalen zien' })),
    todos: [{ name: 'Stalen opsturen', toDoTypeId: 4, toDoStatusId: 1, employeeIds: [colleagueId] }],
  });
}

async function getJson<T>(server: RunningServer, path: string): Promise<T> {
  const res = await fetch(server.base + path, { headers: { cookie: server.cookie } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Bytes of one answer as sent: node's fetch would decode it, so node:http reads it raw. */
async function sizeOf(
  server: RunningServer,
  path: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string | null; status: number }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(server.base + path, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ bytes, encoding: (res.headers['content-encoding'] as string | undefined) ?? null, status: res.statusCode ?? 0 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until requests still queued from the previous route have finished (a health check answers fast again). */
async function drain(server: RunningServer) {
  for (let calm = 0, tries = 0; calm < 3 && tries < 600; tries++) {
    const t = performance.now();
    await fetch(`${server.base}/api/health`).catch(() => undefined);
    calm = performance.now() - t < 20 ? calm + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A load measured after WARMUP_S of the same load, not counted: a steady state, not the JIT's first compilations and
 * the database's first plans of a route nobody had called yet. Between the two the server finishes what the warm-up
 * left in flight (its connections close with up to one request each still queued): else the measured run's first
 * requests wait behind them too, twice the load it says, and a serial database's p99 is that first wave's
 * (docs/decisions/086-bench-warm-up-drained.md).
 */
export async function warmedLoad(server: RunningServer, opts: Parameters<typeof autocannon>[0]) {
  await autocannon({ ...opts, duration: WARMUP_S });
  await drain(server);
  return autocannon(opts);
}

export async function runApiBench(server: RunningServer, label: string, log: (line: string) => void): Promise<RouteResult[]> {
  const shops = await getJson<{ id: number }[]>(server, '/api/shops');
  const shopIds = shops.map((s) => s.id);
  const shopsEtag =
    (await fetch(server.base + '/api/shops', { method: 'GET', headers: { cookie: server.cookie } })).headers.get('etag') ?? '';
  const me = await getJson<{ employee: { id: number } }>(server, '/api/me');
  const brands = await getJson<{ id: number }[]>(server, '/api/brands');
  const competitors = await getJson<{ id: number }[]>(server, '/api/competitorbrands');
  const employees = await getJson<{ id: number }[]>(server, '/api/employees');
  const colleague = employees.find((e) => e.id !== me.employee.id)!.id;
  const week = weekRange();
  // What a browser sends along: the session cookie and the encodings it reads (compression is the server's job).
  const auth = { cookie: server.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const body = visitBody(
    brands.map((b) => b.id),
    competitors.map((c) => c.id),
    colleague,
  );
  let key = 0;
  const runId = `${label}-${Date.now()}`;

  const routes: { route: string; opts: Omit<Parameters<typeof autocannon>[0], 'url'>; sample: string }[] = [
    // The ceiling: a JSON route that touches no database (no cookie, so no session lookup either).
    {
      route: 'GET /api/auth/config (ceiling)',
      opts: { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, requests: [{ method: 'GET', path: '/api/auth/config' }] },
      sample: '/api/auth/config',
    },
    // A first load: the whole list (139 KB with brotli for 20,000 shops). autocannon itself, not the server, is
    // the limit here (one core to take in ~60 MB/s): printed for the record, no target.
    {
      route: 'GET /api/shops (first load, whole list)',
      opts: { headers: auth, requests: [{ method: 'GET', path: '/api/shops' }] },
      sample: '/api/shops',
    },
    // Every later start of the app: the browser has the list in its HTTP cache and asks with If-None-Match
    // (the answer carries an ETag and `no-cache`), so an unchanged list is a 304.
    {
      route: 'GET /api/shops (revalidated)',
      opts: { headers: { ...auth, 'if-none-match': shopsEtag }, requests: [{ method: 'GET', path: '/api/shops' }] },
      sample: '/api/shops',
    },
    (() => {
      const next = shopWalk(shopIds);
      return {
        route: 'GET /api/shops/{id}',
        opts: { headers: auth, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/shops/${next()}` }) }] },
        sample: `/api/shops/${shopIds[0]}`,
      };
    })(),
    (() => {
      const next = shopWalk(shopIds);
      return {
        route: 'GET /api/shops/{id}/prospections',
        opts: {
          headers: auth,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/shops/${next()}/prospections` }) }],
        },
        sample: `/api/shops/${shopIds[0]}/prospections`,
      };
    })(),
    (() => {
      const ids = employees.map((e) => e.id);
      let n = 0;
      return {
        route: 'GET /api/employees/{id}/appointments (week)',
        opts: {
          headers: auth,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({
                ...req,
                path: `/api/employees/${ids[n++ % ids.length]}/appointments?from=${week.from}&to=${week.to}`,
              }),
            },
          ],
        },
        sample: `/api/employees/${me.employee.id}/appointments?from=${week.from}&to=${week.to}`,
      };
    })(),
    (() => {
      const next = shopWalk(shopIds);
      return {
        route: 'POST /api/shops/{id}/prospections (submit)',
        opts: {
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                path: `/api/shops/${next()}/prospections`,
                headers: {
                  ...auth,
                  'content-type': 'application/json',
                  'x-prospectie-client': '1',
                  'idempotency-key': `${runId}-${key++}`,
                },
                body,
              }),
            },
          ],
        },
        sample: '',
      };
    })(),
  ];

  const results: RouteResult[] = [];
  let ceiling = 0;
  for (const r of routes) {
    await drain(server);
    // One request as autocannon sends it: the same headers.
    const { bytes, encoding, status } = r.sample
      ? await sizeOf(server, r.sample, (r.opts.headers ?? {}) as Record<string, string>)
      : { bytes: 0, encoding: null, status: 201 };

    const out = await warmedLoad(server, { url: server.base, connections: 50, pipelining: 1, duration: DURATION_S, ...r.opts });
    // A revalidation answers 304, which autocannon counts as non-2xx: then only other answers count.
    const unexpected = status === 304 ? out.non2xx - (out.statusCodeStats?.['304']?.count ?? 0) : out.non2xx;
    const reqPerSec = Math.round(out.requests.average);
    if (results.length === 0) ceiling = reqPerSec;
    const result: RouteResult = {
      route: r.route,
      reqPerSec,
      p50: out.latency.p50,
      p99: out.latency.p99,
      non2xx: unexpected,
      errors: out.errors + out.timeouts,
      ratioToCeiling: ceiling ? Math.round((reqPerSec / ceiling) * 1000) / 1000 : 0,
      bytes,
      encoding,
    };
    results.push(result);
    log(
      `  ${label.padEnd(8)} ${r.route.padEnd(46)} ${String(reqPerSec).padStart(7)} req/s  p50 ${String(result.p50).padStart(5)} ms  p99 ${String(result.p99).padStart(5)} ms  ${(result.ratioToCeiling * 100).toFixed(1).padStart(5)} % of ceiling${result.non2xx || result.errors ? `  (non-2xx ${result.non2xx}, errors ${result.errors})` : ''}${status === 304 ? '  304, no body' : bytes ? `  ${bytes} B${encoding ? ` ${encoding}` : ''}` : ''}`,
    );
  }
  await drain(server);
  return results;
}
