// The pool that reads uploaded files off the event loop (docs/decisions/041-file-work-off-the-loop.md): piscina's
// threads, each job with a deadline counted from the moment a thread takes it and a heap limit per thread. A job past
// either is stopped by ending its thread (also one stuck inside a library's own loop, where no counter of ours can
// see it), its memory goes with the thread, and the caller gets file_too_complex. Idle threads end after a few seconds.
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DomainError } from '../errors.js';
import type { FileTask, FileTaskMessage, FileTaskOutcome, FileTaskValue } from './fileTasks.js';

export interface FileJobSettings {
  /** How long one job may run once a thread has taken it. */
  deadlineMs: number;
  /** The heap of one thread (its old generation); a job that needs more is stopped. */
  memoryMb: number;
  /** Threads at most: the cores less the one that serves requests, at least one. */
  threads: number;
  /** Jobs waiting for a thread at most; one more is refused with server_busy. */
  queue: number;
}

export const DEFAULT_FILE_JOB_SETTINGS: FileJobSettings = {
  deadlineMs: 20_000,
  memoryMb: 256,
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queue: 16,
};

export interface FileJobStats {
  /** Jobs a thread is working on now. */
  running: number;
  /** Jobs taken by a thread since the pool was made. */
  started: number;
  /** Jobs stopped at their deadline or their memory limit. */
  stopped: number;
}

class FileJobs {
  private readonly pool: Piscina;
  private readonly stats: FileJobStats = { running: 0, started: 0, stopped: 0 };

  constructor(private readonly settings: FileJobSettings) {
    this.pool = new Piscina({
      filename: new URL('./fileWorker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: settings.threads,
      maxQueue: settings.queue,
      // Kept a few seconds for the next file (a thread starts in some 150 ms), then its memory is given back.
      idleTimeout: 5_000,
      // The thread registers its own TypeScript loader; the main thread's flags (an inspector, say) stay out.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      closeTimeout: 1_000,
    });
  }

  current(): FileJobStats {
    return { ...this.stats };
  }

  async run<K extends FileTask['kind']>(task: Extract<FileTask, { kind: K }>, transfer: ArrayBufferLike[] = []): Promise<FileTaskValue[K]> {
    if (this.pool.queueSize >= this.settings.queue) throw busy();
    const abort = new AbortController();
    const channel = new MessageChannel();
    let deadline: NodeJS.Timeout | undefined;
    let running = false;
    let timedOut = false;
    channel.port1.once('message', () => {
      running = true;
      this.stats.running++;
      this.stats.started++;
      deadline = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, this.settings.deadlineMs);
    });
    const message: FileTaskMessage = { task, started: channel.port2 };
    try {
      const outcome = (await this.pool.run(message, {
        signal: abort.signal,
        transferList: [channel.port2, ...(transfer as ArrayBuffer[])],
      })) as FileTaskOutcome<K>;
      if (!outcome.ok) throw new DomainError(outcome.code, outcome.message, outcome.field);
      return outcome.value;
    } catch (err) {
      if (err instanceof DomainError) throw err;
      // Past the deadline, or the thread ran out of its heap (ERR_WORKER_OUT_OF_MEMORY): the file asks too much.
      if (timedOut || (err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.stats.stopped++;
        throw new DomainError(
          'file_too_complex',
          timedOut ? 'reading the file passed its deadline' : 'reading the file passed its memory limit',
          'body',
        );
      }
      if (/queue is at limit/i.test(String((err as Error).message))) throw busy();
      throw err;
    } finally {
      clearTimeout(deadline);
      if (running) this.stats.running--;
      channel.port1.close();
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

const busy = () => new DomainError('server_busy', 'too many files are being read right now; try again in a moment');

let settings = DEFAULT_FILE_JOB_SETTINGS;
let shared: FileJobs | null = null;

/** The process's pool, made at its first job (a server that reads no file starts no thread). */
export const fileJobs = () => (shared ??= new FileJobs(settings));

/** Settings for the pool made from now on (the server's configuration). */
export function configureFileJobs(next: Partial<FileJobSettings>): void {
  settings = { ...DEFAULT_FILE_JOB_SETTINGS, ...next };
}

/** Ends every thread (a job still running is stopped); a later job makes a new pool. */
export async function closeFileJobs(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

/** What the pool is doing, for the metrics; zeros before its first job. */
export const fileJobStats = (): FileJobStats => shared?.current() ?? { running: 0, started: 0, stopped: 0 };
