// The calendar feed (decision 028) on PostgreSQL: a rep with 2,000 appointments in the feed's window, her phone's
// calendar polling the subscription address. Measured: the whole feed (200, rendered), and a poll with the
// ETag of an unchanged feed (304, no body). Runs alone: BENCH_ONLY=feed (needs BENCH_DATABASE_URL).
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.js';
import { seedDemo } from '../server/src/db/seed.js';
import { BROWSER_ACCEPT_ENCODING, DURATION_S, warmedLoad, type RouteResult } from './api.js';
import { startServer } from './server.js';

export const FEED_APPOINTMENTS = 2000;
/**
 * Calendar servers (Outlook, Google, Apple) poll a subscription now and then, not 50 at once for one rep: a
 * handful of connections at a time is the load one rep's address meets.
 */
export const FEED_CONNECTIONS = 4;

export interface FeedBenchResult {
  appointments: number;
  full: RouteResult;
  revalidated: RouteResult;
  /** The first request, which renders and compresses the feed. */
  renderMs: number;
  /** Every poll with the unchanged ETag answered 304. */
  all304: boolean;
}

async function freshDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists prospectie_bench_feed with (force)');
  await admin.query('create database prospectie_bench_feed');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/prospectie_bench_feed';
  return url.toString();
}

/** The demo data and, for the demo rep, FEED_APPOINTMENTS appointments spread over the feed's window. */
async function loadFeedData(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ databaseUrl });
  try {
    await seedDemo(database.db);
    // Up to 2,000 in the window: eight a weekday from 30 days back, some at a shop, some all day.
    await database.db.execute(sql`
      with rep as (select e.id from employees e join users u on u.id = e.user_id where u.login = 'demo@example.com'),
      shop_ids as (select array_agg(id order by id) as ids from shops)
      insert into appointments (employee_id, name, remarks, start_date, end_date, shop_id)
      select rep.id, 'Bezoek ' || i, case when i % 3 = 0 then 'Opmerking bij afspraak ' || i end,
        (current_date - 30 + (i / 8)) + make_interval(hours => 8 + (i % 8)),
        (current_date - 30 + (i / 8)) + make_interval(hours => 8 + (i % 8), mins => case when i % 40 = 0 then 600 else 45 end),
        case when i % 2 = 0 then shop_ids.ids[1 + i % array_length(shop_ids.ids, 1)] end
      from rep, shop_ids, generate_series(0, ${FEED_APPOINTMENTS} - 1 - (
        select count(*) from appointments a, rep
        where a.employee_id = rep.id and a.start_date < current_date + 366 and a.end_date > current_date - 30)::int) as i`);
    const result = (await database.db.execute(
      sql`select count(*)::int as n from appointments a join employees e on e.id = a.employee_id join users u on u.id = e.user_id
        where u.login = 'demo@example.com' and a.start_date < current_date + 366 and a.end_date > current_date - 30`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  } finally {
    await database.close();
  }
}

function toResult(route: string, out: Awaited<ReturnType<typeof autocannon>>, expect304: boolean): RouteResult {
  const unexpected = expect304 ? out.non2xx - (out.statusCodeStats?.['304']?.count ?? 0) : out.non2xx;
  return {
    route,
    reqPerSec: Math.round(out.requests.average),
    p50: out.latency.p50,
    p99: out.latency.p99,
    non2xx: unexpected,
    errors: out.errors + out.timeouts,
    ratioToCeiling: 0,
    bytes: 0,
    encoding: null,
  };
}

export async function runFeedBench(adminUrl: string, port: number, log: (line: string) => void): Promise<FeedBenchResult> {
  const databaseUrl = await freshDatabase(adminUrl);
  const appointments = await loadFeedData(databaseUrl);
  log(`  the demo rep has ${appointments} appointments in the feed's window`);
  const server = await startServer({ port, env: { DATABASE_URL: databaseUrl } });
  try {
    const on = await fetch(`${server.base}/api/calendar/subscription`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'x-prospectie-client': '1' },
    });
    if (on.status !== 201) throw new Error(`subscription: ${on.status}`);
    const path = new URL(((await on.json()) as { url: string }).url).pathname;
    // A calendar server's request: no cookie, compression accepted.
    const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    // The first request after a change renders the feed (later ones of the same version are served as kept).
    const firstStarted = performance.now();
    const first = await fetch(server.base + path, { headers });
    const etag = first.headers.get('etag') ?? '';
    const bytes = (await first.arrayBuffer()).byteLength;
    const renderMs = Math.round(performance.now() - firstStarted);
    log(`  first request (renders ${bytes} B): ${renderMs} ms`);
    const run = (extra: Record<string, string>) =>
      warmedLoad(server, {
        url: server.base,
        connections: FEED_CONNECTIONS,
        pipelining: 1,
        duration: DURATION_S,
        headers: { ...headers, ...extra },
        requests: [{ method: 'GET', path }],
      });
    const full = {
      ...toResult('GET /api/calendar/feed/{token}.ics', await run({}), false),
      bytes,
      encoding: first.headers.get('content-encoding'),
    };
    const revalidatedOut = await run({ 'if-none-match': etag });
    const revalidated = toResult('GET /api/calendar/feed/{token}.ics (unchanged ETag)', revalidatedOut, true);
    const all304 = revalidatedOut.non2xx > 0 && revalidatedOut.non2xx === (revalidatedOut.statusCodeStats?.['304']?.count ?? 0);
    for (const r of [full, revalidated]) {
      log(
        `  postgres ${r.route.padEnd(52)} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms${r.non2xx || r.errors ? `  (unexpected ${r.non2xx}, errors ${r.errors})` : ''}${r.bytes ? `  ${r.bytes} B ${r.encoding ?? ''}` : ''}`,
      );
    }
    return { appointments, renderMs, full, revalidated, all304 };
  } finally {
    await server.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('drop database if exists prospectie_bench_feed with (force)');
    await admin.end();
  }
}
