// A file-work child gives way to the reps' requests (docs/decisions/089-file-work-gives-way.md): no priority keeps
// batch work off a host whose two cores are not independent, so a child that finds the host busy with others rests
// ten times as long as it worked, in short stretches. Off unless a child's task turned it on: on the server's own
// thread a rest would hold every request.
import { readFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';

/** How often (wall time) the host is looked at: /proc/stat counts in ticks of 10 ms, so not much more often. */
const LOOK_EVERY_MS = 50;
/** A stretch of work between rests (wall time). */
const SLICE_MS = 10;
/**
 * Others are busy when they used this share of the host's CPU time since the last look (nearly a core of two). Its own
 * queries count as others' (a PostgreSQL backend), and came to 0.35 of a look at most on an idle host; the bench's
 * submits alone to 0.8.
 */
const OTHERS_BUSY = 0.45;
/** Rest per unit of own CPU time while others are busy: the child then takes some 9 % of one core. */
const REST_PER_WORK = 10;
/** Linux counts /proc/stat in USER_HZ, 100 per second on every architecture it runs on. */
const MS_PER_TICK = 10;

export interface HostTicks {
  busy: number;
  total: number;
}

export interface CooperationClock {
  /** The host's CPU time (all cores) in ticks, or null where there is no /proc/stat. */
  ticks: () => HostTicks | null;
  /** This process's CPU time in ms. */
  ownMs: () => number;
  now: () => number;
  rest: (ms: number) => void;
}

function procTicks(): HostTicks | null {
  try {
    // The first line: "cpu  user nice system idle iowait irq softirq steal guest guest_nice".
    const text = readFileSync('/proc/stat', 'latin1');
    const fields = text.slice(0, text.indexOf('\n')).trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return Number.isFinite(busy) ? { busy, total: busy + idle + iowait } : null;
  } catch {
    return null;
  }
}

const restCell = new Int32Array(new SharedArrayBuffer(4));

export const SYSTEM_CLOCK: CooperationClock = {
  ticks: procTicks,
  ownMs: () => {
    const { user, system } = cpuUsage();
    return (user + system) / 1000;
  },
  now: () => performance.now(),
  // Synchronous on purpose: the readers it serves are synchronous loops; the child has nothing else to do meanwhile.
  rest: (ms) => void Atomics.wait(restCell, 0, 0, ms),
};

interface Look {
  at: number;
  ticks: HostTicks;
  ownMs: number;
}

interface Turn {
  /** What may still be spent resting in this task. */
  budgetMs: number;
  /** Whether others were busy at the last look. */
  busy: boolean;
  look: Look;
  /** Where the current stretch of work began. */
  slice: { at: number; ownMs: number };
}

let clock = SYSTEM_CLOCK;
let turn: Turn | null = null;

/**
 * From now on `giveWay` rests while others are busy, at most `budgetMs` in all (a share of the task's deadline, which
 * counts wall time). Without /proc/stat (not Linux) it stays off.
 */
export function beginGivingWay(budgetMs: number, using: CooperationClock = SYSTEM_CLOCK): void {
  clock = using;
  const ticks = clock.ticks();
  if (!ticks || budgetMs <= 0) return void (turn = null);
  const at = clock.now();
  const ownMs = clock.ownMs();
  turn = { budgetMs, busy: false, look: { at, ticks, ownMs }, slice: { at, ownMs } };
}

export function endGivingWay(): void {
  turn = null;
}

/**
 * Called often by work that holds the CPU (per piece of a file, per batch of rows); cheap between stretches. Short
 * stretches of work with rests between: the probe of decision 089 read the submits' p99 beside the imports at 111 % of
 * alone with stretches of 50 ms and at 99 % with 10 ms (one probe each, the same rest per work).
 */
export function giveWay(): void {
  if (!turn) return;
  const now = clock.now();
  if (now - turn.slice.at < SLICE_MS) return;
  const ownMs = clock.ownMs();
  if (now - turn.look.at >= LOOK_EVERY_MS) {
    const ticks = clock.ticks();
    if (!ticks) return endGivingWay();
    const total = ticks.total - turn.look.ticks.total;
    const others = ticks.busy - turn.look.ticks.busy - (ownMs - turn.look.ownMs) / MS_PER_TICK;
    turn.busy = total > 0 && others / total >= OTHERS_BUSY;
    turn.look = { at: now, ticks, ownMs };
  }
  if (turn.busy) {
    const rest = Math.min(turn.budgetMs, (ownMs - turn.slice.ownMs) * REST_PER_WORK);
    turn.budgetMs -= rest;
    if (rest >= 1) clock.rest(rest);
  }
  turn.slice = { at: clock.now(), ownMs: clock.ownMs() };
}
