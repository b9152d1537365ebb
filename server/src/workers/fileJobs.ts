// The pool that reads uploaded files off the event loop (docs/decisions/041-file-work-off-the-loop.md): child
// processes, each job with a deadline counted from the moment a child takes it and a heap limit per child. A job past
// either ends its child (also one stuck inside a library's own loop, where no counter of ours can see it, or one that
// exhausts its heap, which in a worker thread would have taken the whole server with it), its memory goes back to the
// system with the process, and the caller gets file_too_complex. Idle children end after half a minute.
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DomainError } from '../errors.js';
import type { ChildMessage, FileTask, FileTaskValue, ParentMessage } from './fileTasks.js';

export interface FileJobSettings {
  /** How long one job may take to read its file once a child has taken it. */
  deadlineMs: number;
  /** How long an import run in a child (decision 067) may work in the database once its file is read. */
  databaseWorkMs: number;
  /** The heap of one child (its old generation); a job that needs more is stopped. */
  memoryMb: number;
  /** Children at most: the cores less the one that serves requests, at least one. */
  children: number;
  /** Jobs waiting for a child at most; one more is refused with server_busy. */
  queue: number;
  /**
   * An idle child is kept this long for the next file, then ends: an import's steps (its columns, the dry run, the
   * import) come within it. Starting one costs half a second of CPU or more that cannot give way to the reps (089).
   */
  idleMs: number;
}

export const DEFAULT_FILE_JOB_SETTINGS: FileJobSettings = {
  deadlineMs: 20_000,
  // Applying 20,000 new shops takes some 15 s on a busy 2-core host; a transaction ended here is rolled back whole.
  databaseWorkMs: 300_000,
  memoryMb: 256,
  children: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queue: 16,
  idleMs: 30_000,
};

/** How much lower than the server a file-work child runs (nice 10 of 19). */
const FILE_WORK_NICENESS = 10;
const entry = fileURLToPath(new URL('./fileWorker.mjs', import.meta.url));

export interface FileJobStats {
  /** Jobs a child is working on now. */
  running: number;
  /** Jobs taken by a child since the pool was made. */
  started: number;
  /** Jobs stopped at their deadline or their memory limit. */
  stopped: number;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  idle?: NodeJS.Timeout;
}

interface Waiting {
  start: (child: Child) => void;
  fail: (err: Error) => void;
}

const busy = () => new DomainError('server_busy', 'too many files are being read right now; try again in a moment');
const stopping = () => new DomainError('server_stopping', 'the server is stopping');

class FileJobs {
  private readonly stats: FileJobStats = { running: 0, started: 0, stopped: 0 };
  private readonly idle: Child[] = [];
  private readonly waiting: Waiting[] = [];
  private readonly all = new Set<Child>();
  private closed = false;

  constructor(private readonly settings: FileJobSettings) {}

  current(): FileJobStats {
    return { ...this.stats };
  }

  private spawn(): Child {
    const child = fork(entry, [], {
      // The child registers its own TypeScript loader; the server's flags stay out, its heap limit goes in.
      execArgv: [`--max-old-space-size=${this.settings.memoryMb}`, '--max-semi-space-size=16'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: process.env.NODE_ENV },
    });
    // Batch work: the requests of the rep in the shop come first when the cores are busy.
    try {
      if (child.pid !== undefined) setPriority(child.pid, FILE_WORK_NICENESS);
    } catch {
      // Not allowed here (some containers): the child runs at the server's priority.
    }
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'ready') return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve();
      };
      const onExit = () => reject(new Error('a file-work child ended before it was ready'));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
    const handle: Child = { process: child, ready };
    // A process that never started (no process slot or file descriptor left) gets an 'error' and never an 'exit':
    // said as its end, so its job hears it could not start and its place goes to the next. A signal that could not be
    // sent needs nothing: its 'exit' comes all the same (a send's failure goes to its own callback).
    child.on('error', () => {
      if (child.pid === undefined) child.emit('exit', null, null);
    });
    this.all.add(handle);
    // However a child ends (its rest over, its job's deadline, a crash), its place goes to the next job waiting: the
    // only place that does, so a job that came while a resting child was being ended does not wait for ever.
    child.once('exit', () => {
      this.all.delete(handle);
      const at = this.idle.indexOf(handle);
      if (at >= 0) this.idle.splice(at, 1);
      clearTimeout(handle.idle);
      this.replaceFor();
    });
    return handle;
  }

  /** A child for the next job: an idle one, a new one while under the limit, else the caller waits its turn. */
  private take(): Promise<Child> {
    if (this.closed) return Promise.reject(stopping());
    const idle = this.idle.pop();
    if (idle) {
      clearTimeout(idle.idle);
      return Promise.resolve(idle);
    }
    if (this.all.size < this.settings.children) return Promise.resolve(this.spawn());
    if (this.waiting.length >= this.settings.queue) return Promise.reject(busy());
    return new Promise((start, fail) => this.waiting.push({ start, fail }));
  }

  /** A child whose job ended well goes to the next waiting job, or rests. */
  private giveBack(child: Child): void {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return;
    const next = this.waiting.shift();
    if (next) return next.start(child);
    child.idle = setTimeout(() => {
      // Out of the resting ones first: between the signal and its 'exit' no job may take it.
      const at = this.idle.indexOf(child);
      if (at >= 0) this.idle.splice(at, 1);
      child.process.kill('SIGKILL');
    }, this.settings.idleMs);
    child.idle.unref();
    this.idle.push(child);
  }

  /** A child ended: a waiting job gets a new one. */
  private replaceFor(): void {
    if (this.closed) return;
    const next = this.waiting.shift();
    if (next) next.start(this.spawn());
  }

  run<K extends FileTask['kind']>(task: Extract<FileTask, { kind: K }>): Promise<FileTaskValue[K]> {
    return this.runOnce(task, true);
  }

  private async runOnce<K extends FileTask['kind']>(task: Extract<FileTask, { kind: K }>, mayRetry: boolean): Promise<FileTaskValue[K]> {
    const child = await this.take();
    try {
      await child.ready;
    } catch {
      // No process could be made (the machine out of processes or memory for the moment): the administrator hears
      // the server is busy and tries again, as when too many files wait.
      throw new DomainError('server_busy', 'a file-work child could not start; try again in a moment');
    }
    return new Promise<FileTaskValue[K]>((resolve, reject) => {
      const { process: proc } = child;
      let deadline: NodeJS.Timeout | undefined;
      let timedOut = false;
      let running = false;
      const rows: unknown[] = [];
      const stopListening = () => {
        clearTimeout(deadline);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        if (running) this.stats.running--;
      };
      const stopAfter = (ms: number) => {
        clearTimeout(deadline);
        deadline = setTimeout(() => {
          timedOut = true;
          proc.kill('SIGKILL');
        }, ms);
      };
      const onMessage = (message: ChildMessage) => {
        if (message.type === 'started') {
          running = true;
          this.stats.running++;
          this.stats.started++;
          stopAfter(this.settings.deadlineMs);
        } else if (message.type === 'fileRead') {
          stopAfter(this.settings.databaseWorkMs);
        } else if (message.type === 'rows') {
          // The rows of a large table come in pieces, each taken in on its own turn of the event loop.
          for (const row of message.rows) rows.push(row);
        } else if (message.type === 'done') {
          const { outcome } = message;
          stopListening();
          this.giveBack(child);
          if (!outcome.ok) return reject(new DomainError(outcome.code, outcome.message, outcome.field));
          const value = outcome.value as FileTaskValue[K];
          if (rows.length && 'rows' in (value as object)) (value as { rows: unknown[] }).rows = rows;
          resolve(value);
        }
      };
      // Ended while working: past its deadline (killed here), out of its heap (V8 ends the process), or stopped.
      const onExit = () => {
        stopListening();
        if (this.closed) return reject(stopping());
        // Ended before it took the job (killed, or gone just as it was taken from rest): nothing of the job ran in it,
        // so another child takes it, once.
        if (!running && mayRetry) return void this.runOnce(task, false).then(resolve, reject);
        this.stats.stopped++;
        reject(
          new DomainError(
            'file_too_complex',
            timedOut ? 'reading the file passed its deadline' : 'reading the file ended its process (its memory limit)',
            'body',
          ),
        );
      };
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      // A quarter of each deadline may go to giving way to others (decision 089); the rest is work.
      const { deadlineMs, databaseWorkMs } = this.settings;
      const message: ParentMessage = { type: 'task', task, restMs: { reading: deadlineMs / 4, database: databaseWorkMs / 4 } };
      // A child that has ended cannot be written to: its 'exit' (above) follows, made sure of here.
      proc.send(message, (err) => err && proc.kill('SIGKILL'));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) waiting.fail(stopping());
    const ended = [...this.all].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
          child.process.once('exit', () => resolve());
          child.process.kill('SIGKILL');
        }),
    );
    await Promise.all(ended);
  }
}

let settings = DEFAULT_FILE_JOB_SETTINGS;
let shared: FileJobs | null = null;

/** The process's pool, made at its first job (a server that reads no file starts no child). */
export const fileJobs = () => (shared ??= new FileJobs(settings));

/** Settings for the pool made from now on (the server's configuration). */
export function configureFileJobs(next: Partial<FileJobSettings>): void {
  settings = { ...DEFAULT_FILE_JOB_SETTINGS, ...next };
}

/** Ends every child (a job still running is stopped); a later job makes a new pool. */
export async function closeFileJobs(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

/** What the pool is doing, for the metrics; zeros before its first job. */
export const fileJobStats = (): FileJobStats => shared?.current() ?? { running: 0, started: 0, stopped: 0 };
