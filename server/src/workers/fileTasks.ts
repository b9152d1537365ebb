// What a file-work child does (docs/decisions/041-file-work-off-the-loop.md): read an .ics file or an import's
// table, or on PostgreSQL run a whole shop import (decision 067), one task at a time, sent by the server over IPC. Errors go back as data: a DomainError does not survive the
// channel. A large table's rows go back in pieces, so the server takes them in a piece per turn of its event loop.
import type { ErrorCode } from '@prospectie/contract/errors';
import { DomainError } from '../errors.js';
import { beginGivingWay, endGivingWay } from './cooperation.js';
import { readIcs, type IcsRead } from '../services/icsRead.js';
import { readTableOrColumns, type Table } from '../services/import/readFile.js';
import type { ShopImportInput } from '../services/import/shops.js';

export type FileTask =
  | { kind: 'ics'; text: string; from: string; to: string }
  /** rows false: only the header and the number of data rows come back, not the rows. */
  | { kind: 'table'; bytes: Uint8Array; rows: boolean }
  /** The whole import, on a connection of the child's own to this PostgreSQL database. */
  | { kind: 'shopImport'; databaseUrl: string; input: Omit<ShopImportInput, 'bytes'> & { bytes: Uint8Array } };

export interface FileTaskValue {
  ics: IcsRead;
  table: Table & { rowCount: number };
  /** The import's report as JSON text: written here, the server passes it on without reading it. */
  shopImport: { json: Uint8Array };
}

export type FileTaskOutcome =
  { ok: true; value: FileTaskValue[FileTask['kind']] } | { ok: false; code: ErrorCode; message: string; field?: string };

/**
 * From the server to a child: the task, and how long it may rest in all while others are busy (decision 089), reading
 * its file and then, for an import, working in the database: a share of each one's deadline.
 */
export type ParentMessage = { type: 'task'; task: FileTask; restMs: { reading: number; database: number } };

/**
 * From a child to the server: loaded, a task taken (its deadline counts from here), rows of a table or of an import's
 * report, the outcome.
 */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'started' }
  /** An import's file is read; the database's work begins, under a deadline of its own. */
  | { type: 'fileRead' }
  | { type: 'rows'; rows: unknown[] }
  | { type: 'done'; outcome: FileTaskOutcome };

const ROWS_PER_MESSAGE = 2_000;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function perform({ task, restMs }: ParentMessage, send: (message: ChildMessage) => void): Promise<FileTaskValue[FileTask['kind']]> {
  switch (task.kind) {
    case 'ics':
      return readIcs(task.text, task.from, task.to);
    case 'table':
      return readTableOrColumns(asBuffer(task.bytes), task.rows);
    case 'shopImport': {
      // The database's modules only in a child that imports: one that reads .ics files stays small.
      const { runShopImport } = await import('./shopImportTask.js');
      return runShopImport(task.databaseUrl, { ...task.input, bytes: asBuffer(task.input.bytes) }, () => {
        send({ type: 'fileRead' });
        beginGivingWay(restMs.database);
      });
    }
  }
}

/** Serves the tasks the server sends, one at a time, until the server goes. */
export function serveFileTasks(): void {
  const send = (message: ChildMessage) => process.send!(message);
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message: ParentMessage) => {
    if (message.type !== 'task') return;
    send({ type: 'started' });
    beginGivingWay(message.restMs.reading);
    let outcome: FileTaskOutcome;
    try {
      const value = await perform(message, send);
      if ('rows' in value && value.rows.length > ROWS_PER_MESSAGE) {
        for (let at = 0; at < value.rows.length; at += ROWS_PER_MESSAGE)
          send({ type: 'rows', rows: value.rows.slice(at, at + ROWS_PER_MESSAGE) });
        outcome = { ok: true, value: { ...value, rows: [] } };
      } else outcome = { ok: true, value };
    } catch (err) {
      // A reader's own failure is the server's (500), not the file's: said as such, the child lives on.
      outcome =
        err instanceof DomainError
          ? { ok: false, code: err.code, message: err.message, field: err.field }
          : { ok: false, code: 'internal', message: 'reading the file failed' };
    } finally {
      endGivingWay();
    }
    send({ type: 'done', outcome });
  });
  send({ type: 'ready' });
}
