// What a file-work thread does (docs/decisions/041-file-work-off-the-loop.md): read an .ics file or an import's table.
// Runs in a worker thread only; errors cross back as data, since a DomainError does not survive structured cloning.
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@prospectie/contract/errors';
import { DomainError } from '../errors.js';
import { readIcs, type IcsRead } from '../services/icsRead.js';
import { readColumns, readTable, type Table } from '../services/import/readFile.js';

export type FileTask =
  | { kind: 'ics'; text: string; from: string; to: string }
  /** rows false: only the header and the number of data rows come back, not the rows. */
  | { kind: 'table'; bytes: Uint8Array; rows: boolean };

export interface FileTaskValue {
  ics: IcsRead;
  table: Table & { rowCount: number };
}

export type FileTaskOutcome<K extends FileTask['kind']> =
  { ok: true; value: FileTaskValue[K] } | { ok: false; code: ErrorCode; message: string; field?: string };

/** The task and the port on which the thread says it has started (the deadline counts from there). */
export interface FileTaskMessage {
  task: FileTask;
  started: MessagePort;
}

function perform(task: FileTask): FileTaskValue[FileTask['kind']] {
  switch (task.kind) {
    case 'ics':
      return readIcs(task.text, task.from, task.to);
    case 'table': {
      const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
      if (!task.rows) return { ...readColumns(bytes), rows: [] };
      const table = readTable(bytes);
      return { ...table, rowCount: table.rows.length };
    }
  }
}

export function runFileTask({ task, started }: FileTaskMessage): FileTaskOutcome<FileTask['kind']> {
  started.postMessage('started');
  started.close();
  try {
    return { ok: true, value: perform(task) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message, field: err.field };
    throw err;
  }
}
