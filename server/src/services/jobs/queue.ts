// Background work kept in the database and worked by whichever instance takes it first (docs/decisions/069-mail-and-
// job-queue.md): a job is taken with SELECT … FOR UPDATE SKIP LOCKED, held for a lease, and finished, retried later
// or given up. A job abandoned by a crash is run again, unless it had passed its point of no return (a mail handed to
// the SMTP server): then it is marked uncertain and logged, never run twice.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { faultPoint } from '../../ops/faultPoint.js';
import { safeError } from '../../ops/logging.js';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempts: number;
  createdAt: string;
}

export interface JobContext {
  /**
   * Commits the point of no return before the step that cannot be taken back: should the process stop after it, the
   * job is marked uncertain instead of run again. Throws when this instance no longer holds the job.
   */
  pointOfNoReturn(): Promise<void>;
}

/** What became of an attempt. `error` is a code for the log and the job's row, never a message. */
export type JobOutcome =
  | { state: 'done'; record?: (tx: Tx) => Promise<unknown> }
  | { state: 'retry'; error: string }
  | { state: 'failed'; error: string }
  | { state: 'uncertain'; error: string };

export type JobHandler = (job: Job, context: JobContext) => Promise<JobOutcome>;

export interface QueueOptions {
  handlers: Record<string, JobHandler>;
  leaseSeconds: number;
  /** The first wait after a failed attempt; each next one doubles, up to MAX_RETRY_WAIT_SECONDS. */
  retrySeconds: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How long the loop sleeps when nothing is due. */
  pollMs?: number;
  /** Runs at every round of the loop, before the due jobs (the digest's schedule). */
  everyRound?: () => Promise<unknown>;
}

export const MAX_RETRY_WAIT_SECONDS = 6 * 3600;
/** A job still failing this long after it was queued is given up. */
export const GIVE_UP_AFTER_SECONDS = 2 * 24 * 3600;

/** The wait before attempt `attempts + 1`: doubling from `retrySeconds`, capped. */
export const retryWaitSeconds = (retrySeconds: number, attempts: number) =>
  Math.min(MAX_RETRY_WAIT_SECONDS, retrySeconds * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

/** Queues a job in the caller's transaction, so it exists exactly when the write that asks for it commits. */
export async function enqueue(tx: Db | Tx, kind: string, payload: unknown, key?: string): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into jobs (kind, payload, key) values (${kind}, ${JSON.stringify(payload)}::jsonb, ${key ?? null})
        on conflict (key) do nothing returning id`,
  );
  return row ? Number(row.id) : null;
}

/** Finished jobs, and with them their mails' log, are kept this long. */
export const KEEP_FINISHED_DAYS = 90;

/** Removes finished jobs older than KEEP_FINISHED_DAYS (a mail's log row goes with its job). */
export async function sweepFinishedJobs(db: Db) {
  await db.execute(
    sql`delete from jobs where state in ('done', 'failed', 'uncertain') and finished_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS}::int)`,
  );
}

export class JobQueue {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  /** Until start(), a queue runs only the rounds asked for (runRound: the tests); a write does not wake it. */
  private started = false;
  private stopped = false;
  private wakeAgain = false;

  constructor(
    private readonly db: Db,
    private readonly options: QueueOptions,
  ) {}

  /** Starts the loop: a round now, then one whenever woken or after pollMs. */
  start() {
    this.started = true;
    this.schedule(0);
  }

  /** A job was queued here: run a round soon rather than at the next poll. */
  wake() {
    if (!this.started || this.stopped) return;
    if (this.round) this.wakeAgain = true;
    else this.schedule(0);
  }

  /** Stops taking jobs and waits for the one running. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  private schedule(ms: number) {
    if (!this.started || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.runRound().finally(() => {
        this.round = null;
        const again = this.wakeAgain;
        this.wakeAgain = false;
        this.schedule(again ? 0 : (this.options.pollMs ?? 2000));
      });
    }, ms);
    this.timer.unref();
  }

  /** One round: abandoned jobs recovered, the round's own work, then every due job, one at a time. */
  async runRound() {
    try {
      await this.recoverAbandoned();
      await this.options.everyRound?.();
      while (!this.stopped && (await this.runNext())) {
        // one job at a time, each in a few statements: the event loop stays free between them
      }
    } catch (err) {
      this.options.log.error({ err: safeError(err) }, 'job queue round failed');
    }
  }

  /**
   * Jobs whose lease ran out while running: their instance stopped. Before their point of no return they are queued
   * again; after it, marked uncertain.
   */
  async recoverAbandoned() {
    const rows = await rowsOf<{ id: number; kind: string; state: string }>(
      this.db,
      sql`update jobs set
            state = case when committed_at is null then 'queued' else 'uncertain' end,
            locked_until = null,
            run_at = now(),
            finished_at = case when committed_at is null then null else now() end,
            last_error = case when committed_at is null then 'abandoned' else 'abandoned_after_commit' end
          where id in (select id from jobs where state = 'running' and locked_until < now() for update skip locked)
          returning id, kind, state`,
    );
    for (const r of rows) {
      if (r.state === 'uncertain')
        this.options.log.warn(
          { jobId: Number(r.id), kind: r.kind },
          'job abandoned after its point of no return: marked uncertain, not run again',
        );
      else this.options.log.info({ jobId: Number(r.id), kind: r.kind }, 'job abandoned before its point of no return: queued again');
    }
    return rows.length;
  }

  /** Takes the next due job, if any, and runs it. False when none was due. */
  async runNext(): Promise<boolean> {
    const [row] = await rowsOf<{ id: number; kind: string; payload: unknown; attempts: number; created: string }>(
      this.db,
      sql`update jobs set state = 'running', attempts = attempts + 1,
            locked_until = now() + make_interval(secs => ${this.options.leaseSeconds}::int)
          where id = (
            select id from jobs where state = 'queued' and run_at <= now() order by run_at, id limit 1 for update skip locked
          )
          returning id, kind, payload, attempts, date_created::text as created`,
    );
    if (!row) return false;
    const job: Job = { id: Number(row.id), kind: row.kind, payload: row.payload, attempts: Number(row.attempts), createdAt: row.created };
    const held = sql`id = ${job.id} and state = 'running' and attempts = ${job.attempts}::int`;
    const context: JobContext = {
      pointOfNoReturn: async () => {
        const marked = await rowsOf(this.db, sql`update jobs set committed_at = now() where ${held} returning id`);
        if (!marked.length) throw new Error('job no longer held');
      },
    };
    const handler = this.options.handlers[job.kind];
    let outcome: JobOutcome;
    try {
      outcome = handler ? await handler(job, context) : { state: 'failed', error: 'unknown_kind' };
    } catch (err) {
      this.options.log.error({ err: safeError(err), jobId: job.id, kind: job.kind }, 'job failed');
      outcome = { state: 'retry', error: 'error' };
    }
    await this.finish(job, held, outcome);
    faultPoint('job_recorded');
    return true;
  }

  private async finish(job: Job, held: ReturnType<typeof sql>, outcome: JobOutcome) {
    const { log } = this.options;
    if (outcome.state === 'retry') {
      const ageSeconds = (Date.now() - Date.parse(job.createdAt)) / 1000;
      if (ageSeconds > GIVE_UP_AFTER_SECONDS) outcome = { state: 'failed', error: outcome.error };
    }
    await this.db.transaction(async (tx) => {
      if (outcome.state === 'retry') {
        const wait = retryWaitSeconds(this.options.retrySeconds, job.attempts);
        await tx.execute(
          sql`update jobs set state = 'queued', locked_until = null, committed_at = null, last_error = ${outcome.error},
                run_at = now() + make_interval(secs => ${wait}::int)
              where ${held}`,
        );
        log.warn(
          { jobId: job.id, kind: job.kind, error: outcome.error, attempt: job.attempts, retryInSeconds: wait },
          'job will be tried again',
        );
        return;
      }
      const finished = await rowsOf(
        tx,
        sql`update jobs set state = ${outcome.state}, locked_until = null, finished_at = now(),
              last_error = ${outcome.state === 'done' ? null : outcome.error}
            where ${held} returning id`,
      );
      // Another instance recovered it meanwhile (this one outlived its lease): what it recorded stands.
      if (!finished.length) return;
      if (outcome.state === 'done') await outcome.record?.(tx);
      else if (outcome.state === 'uncertain')
        log.warn({ jobId: job.id, kind: job.kind, error: outcome.error }, 'job outcome uncertain: not run again');
      else log.warn({ jobId: job.id, kind: job.kind, error: outcome.error }, 'job given up');
    });
  }
}
