// The overview's bench (decision 033): every figure for a whole quarter and the whole team, as the manager asks for it,
// and the XLSX export of every visit. Run by bench/run.ts in the PGlite and PostgreSQL parts (BENCH_ONLY=overview).
//
// Each figure is asked WARMUP times (not counted: the first plans of a query nobody had run), then ROUNDS times one
// after the other, as one manager opening the page does; the figure's p95 is judged. The export is read to its end
// while the server's peak RSS is watched from outside (Linux: /proc/PID/status VmHWM, reset just before).
import { readFileSync, writeFileSync } from 'node:fs';
import { signIn, type RunningServer } from './server.js';

const WARMUP = 3;
const ROUNDS = 30;

/** `funnel`: the pipeline's funnel of a season (decision 068) whose window is that quarter, one brand with a window of its own. */
export const OVERVIEW_FIGURES = ['visits', 'coverage', 'todos', 'brands', 'funnel'] as const;

export interface OverviewBenchResult {
  /** The quarter asked for: the last whole calendar quarter before today. */
  period: { from: string; to: string };
  figures: { figure: (typeof OVERVIEW_FIGURES)[number]; p50: number; p95: number; max: number }[];
  export?: {
    /** Visits in the whole export (its Bezoeken sheet), as the visits figure counts them for the same period. */
    visits: number;
    bytes: number;
    ms: number;
    /** The server process's peak RSS while it wrote the export; undefined where /proc cannot tell. */
    serverPeakRssMb?: number;
    /** The server process's RSS as the export began. */
    serverRssBeforeMb?: number;
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last whole calendar quarter before today. */
export function lastQuarter(today = new Date()): { from: string; to: string } {
  const q = Math.floor(today.getUTCMonth() / 3);
  const start = new Date(Date.UTC(today.getUTCFullYear(), (q - 1) * 3, 1));
  const end = new Date(Date.UTC(today.getUTCFullYear(), q * 3, 0));
  return { from: isoDay(start), to: isoDay(end) };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** A process's RSS figures in MB from /proc (Linux); undefined elsewhere. */
export function procStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** tsx runs the server in a child node process of its own: that one holds the memory. */
export function nodeProcess(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length === 1 ? Number(children[0]) : pid;
  } catch {
    return pid;
  }
}

export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function runOverviewBench(
  server: RunningServer,
  label: string,
  log: (line: string) => void,
  opts: { exportAll: boolean },
): Promise<OverviewBenchResult> {
  const { cookie } = await signIn(server.base, 'manager@example.com');
  const period = lastQuarter();
  const query = new URLSearchParams(period).toString();
  const get = async (path: string) => {
    const res = await fetch(`${server.base}${path}`, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
    return body;
  };

  // A season over the quarter, made as the beheerder makes one.
  const admin = await signIn(server.base, 'beheer@example.com');
  const seasonRes = await fetch(`${server.base}/api/admin/seasons`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/json', 'x-prospectie-client': '1' },
    body: JSON.stringify({
      name: 'BENCH',
      startsOn: period.from,
      endsOn: period.to,
      brandWindows: [{ brandId: 1, startsOn: period.from, endsOn: period.to.slice(0, 8) + '15' }],
    }),
  });
  if (seasonRes.status !== 201) throw new Error(`season: ${seasonRes.status} ${await seasonRes.text()}`);
  const season = (await seasonRes.json()) as { id: number };

  const figures: OverviewBenchResult['figures'] = [];
  for (const figure of OVERVIEW_FIGURES) {
    const path = `/api/overview/${figure}?${query}${figure === 'funnel' ? `&seasonId=${season.id}` : ''}`;
    for (let i = 0; i < WARMUP; i++) await get(path);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await get(path);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const result = { figure, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times.at(-1)!) };
    figures.push(result);
    log(`  ${label.padEnd(8)} overview ${figure.padEnd(9)} ${period.from}..${period.to}  p50 ${result.p50} ms  p95 ${result.p95} ms`);
  }

  let exported: OverviewBenchResult['export'];
  if (opts.exportAll) {
    // Every visit: from the first possible day to today.
    const all = new URLSearchParams({ from: '2000-01-01', to: isoDay(new Date()) }).toString();
    const visits = JSON.parse(Buffer.from(await get(`/api/overview/visits?${all}`)).toString('utf8')) as { total: number };
    const pid = nodeProcess(server.pid);
    const canWatch = resetPeak(pid);
    const rssBefore = canWatch ? procStatus(pid, 'VmRSS') : undefined;
    const started = performance.now();
    const res = await fetch(`${server.base}/api/overview/export.xlsx?${all}`, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`export.xlsx: ${res.status}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
    const ms = Math.round(performance.now() - started);
    const peak = canWatch ? procStatus(pid, 'VmHWM') : undefined;
    exported = { visits: visits.total, bytes, ms, serverPeakRssMb: peak, serverRssBeforeMb: rssBefore };
    log(
      `  ${label.padEnd(8)} export.xlsx of ${visits.total} visits: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s, ` +
        `server peak RSS ${peak ?? '?'} MB (${rssBefore ?? '?'} MB as it began)`,
    );
  }
  return { period, figures, export: exported };
}
