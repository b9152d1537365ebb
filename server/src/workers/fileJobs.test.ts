import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFileJobs, configureFileJobs, fileJobs } from './fileJobs.js';

/** This process's file-work children (Linux: read from /proc). */
function fileWorkChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('fileWorker');
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

const file = new TextEncoder().encode('Naam;Gemeente\nMode Sofie;Gent\nSchoenen Peeters;Antwerpen\n');

afterEach(async () => {
  await closeFileJobs();
  configureFileJobs({});
});

describe('the file-work children', () => {
  it('gives a file to another child when the one at rest has just ended, and the server lives on', async () => {
    configureFileJobs({ children: 1 });
    const first = await fileJobs().run({ kind: 'table', bytes: file, rows: true });
    expect(first.rowCount).toBe(2);
    const [resting] = fileWorkChildren();
    expect(resting).toBeGreaterThan(0);
    // Taken before the server hears of its end: as when a resting child's time runs out just as the next file comes.
    process.kill(resting, 'SIGKILL');
    const again = await fileJobs().run({ kind: 'table', bytes: file, rows: true });
    expect(again).toEqual(first);
    expect(fileWorkChildren()).not.toContain(resting);
    expect(fileJobs().current().stopped).toBe(0);
  });

  it('does the same when the child is already gone and its channel closed before the server heard of it', async () => {
    configureFileJobs({ children: 1 });
    const first = await fileJobs().run({ kind: 'table', bytes: file, rows: true });
    const [resting] = fileWorkChildren();
    process.kill(resting, 'SIGKILL');
    // The thread held without turning the event loop: the child is gone, its 'exit' not yet read, and a message to
    // it fails on the closed channel (EPIPE), which without a callback is an 'error' no one hears: the process ends.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    const again = await fileJobs().run({ kind: 'table', bytes: file, rows: true });
    expect(again).toEqual(first);
  });

  it('gives a file that comes as the resting child is being ended a new child, rather than keeping it waiting', async () => {
    configureFileJobs({ children: 1, idleMs: 300 });
    const first = await fileJobs().run({ kind: 'table', bytes: file, rows: true });
    // Due just after the child's rest ends and held until both are due, so they run in one turn of the event loop:
    // first the rest's end (the signal sent), then the next file, before the server has heard the child end.
    const next = new Promise<unknown>((resolve, reject) =>
      setTimeout(() => fileJobs().run({ kind: 'table', bytes: file, rows: true }).then(resolve, reject), 300),
    );
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    expect(await next).toEqual(first);
  });

  it('says a child could not start when no process can be made, and starts the next one once one can', async () => {
    configureFileJobs({ children: 1 });
    const node = process.execPath;
    process.execPath = '/nonexistent/node';
    try {
      await expect(fileJobs().run({ kind: 'table', bytes: file, rows: true })).rejects.toMatchObject({
        code: 'server_busy',
        message: 'a file-work child could not start; try again in a moment',
      });
    } finally {
      process.execPath = node;
    }
    expect((await fileJobs().run({ kind: 'table', bytes: file, rows: true })).rowCount).toBe(2);
  });
});
