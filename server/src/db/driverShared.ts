// What both drivers (pglite.ts, postgres.ts) take when they open the database; apart from client.ts, which loads
// them, so that a driver never imports the module that imports it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectionErrorSummary, isConnectionError } from './connectionErrors.js';

/** The few pino methods the database uses (the server's logger fits). */
export interface DbLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RetryOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
}

export const silentLog: DbLog = { info: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Calls connect until it succeeds, waiting longer after each connection error; other errors throw at once. */
export async function connectWithRetry<T>(connect: () => Promise<T>, log: DbLog, retry: RetryOptions = {}): Promise<T> {
  let delay = retry.initialDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await connect();
      if (attempt > 1) log.info({ attempt }, 'database reachable');
      return result;
    } catch (err) {
      if (!isConnectionError(err) || (retry.maxAttempts !== undefined && attempt >= retry.maxAttempts)) throw err;
      log.warn({ attempt, retryInMs: delay, reason: connectionErrorSummary(err) }, 'database not reachable at start, retrying');
      await sleep(delay);
      delay = Math.min(delay * 2, retry.maxDelayMs ?? 15_000);
    }
  }
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * The statements both drivers keep prepared (decisions 076, 085): plain reads and writes; anything else (BEGIN, SET,
 * LISTEN, DDL) goes the driver's own way, unnamed. So does a read that begins with PLANNED_PER_CALL (rows.ts
 * `plannedRowsOf`, decision 090): a comment first, not a keyword.
 */
export const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** What a read that is planned for its values on every call begins with (decision 090). */
export const PLANNED_PER_CALL = '/* planned per call */';

/**
 * PostgreSQL refuses a prepared statement whose result columns changed since it was planned (a table altered). Known by
 * the routine that raises it, since the message is in the server's language.
 */
export const isStalePlan = (err: unknown) =>
  err instanceof Error && (err as { code?: string }).code === '0A000' && (err as { routine?: string }).routine === 'RevalidateCachedQuery';
