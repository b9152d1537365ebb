// An import file's table, read in a file-work child (docs/decisions/041-file-work-off-the-loop.md), and the pause that
// lets the event loop serve others while the rows are worked through here.
import { setImmediate } from 'node:timers/promises';
import { giveWay } from '../../workers/cooperation.js';
import { fileJobs } from '../../workers/fileJobs.js';

/** How an import gets its file's table: in a file-work child, or, inside one, by reading it there. */
export type TableReader = typeof readFileTable;

/**
 * The file's header and data rows (without the rows when `rows` is false: the columns step needs only their number).
 * Throws the DomainError of a file that is empty, neither CSV nor XLSX, unreadable or past a limit.
 */
export function readFileTable(bytes: Buffer, rows: boolean) {
  return fileJobs().run({ kind: 'table', bytes, rows });
}

/**
 * A pause (one turn of the event loop) every `count` calls: work over many rows in bounded pieces. In a file-work child
 * it also gives way to others while the host is busy (decision 089).
 */
export function yieldEvery(count: number) {
  let calls = 0;
  return async () => {
    giveWay();
    if (++calls % count === 0) await setImmediate();
  };
}
