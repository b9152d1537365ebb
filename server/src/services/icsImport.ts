// Bringing existing appointments in (decision 028): an .ics file exported from Outlook (or Google, Apple) read with
// ical.js, in a file-work process (workers/fileJobs.ts), then written in one transaction. Every occurrence is keyed by its
// UID and occurrence, so the same file twice changes nothing.
import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { IcsImportResult } from '@prospectie/contract';
import type { Db } from '../db/client.js';
import { appointments } from '../db/schema.js';
import { fileJobs } from '../workers/fileJobs.js';
import { addDays, brusselsNow } from './brusselsTime.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from './calendarFeed.js';

/**
 * Imports a file's appointments for the rep, in one transaction: new ones added, changed ones updated (their
 * SEQUENCE raised), the same ones left alone. A broken file changes nothing.
 */
export async function importIcs(db: Db, employeeId: number, text: string, now = new Date()): Promise<IcsImportResult> {
  const today = brusselsNow(now).slice(0, 10);
  const { items, skipped } = await fileJobs().run({
    kind: 'ics',
    text,
    from: `${addDays(today, -FEED_DAYS_BACK)}T00:00:00`,
    to: `${addDays(today, FEED_DAYS_AHEAD)}T00:00:00`,
  });
  return db.transaction(async (tx) => {
    const existing = new Map<string, { id: number; name: string | null; remarks: string | null; startDate: string; endDate: string }>();
    for (let i = 0; i < items.length; i += 1000) {
      const keys = items.slice(i, i + 1000).map((item) => item.importKey);
      const rows = await tx
        .select({
          id: appointments.id,
          importKey: appointments.importKey,
          name: appointments.name,
          remarks: appointments.remarks,
          startDate: sql<string>`to_char(${appointments.startDate}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
          endDate: sql<string>`to_char(${appointments.endDate}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        })
        .from(appointments)
        .where(and(eq(appointments.employeeId, employeeId), isNotNull(appointments.importKey), inArray(appointments.importKey, keys)));
      for (const row of rows) existing.set(row.importKey!, row);
    }
    const added = items.filter((item) => !existing.has(item.importKey));
    const changed = items.filter((item) => {
      const row = existing.get(item.importKey);
      return (
        row && (row.name !== item.name || row.remarks !== item.remarks || row.startDate !== item.startDate || row.endDate !== item.endDate)
      );
    });
    // In pieces, each built on a turn of its own: a year of a few daily series is thousands of rows.
    for (let i = 0; i < added.length; i += 250) {
      await setImmediate();
      await tx.insert(appointments).values(added.slice(i, i + 250).map((item) => ({ employeeId, ...item })));
    }
    for (const item of changed) {
      await tx
        .update(appointments)
        .set({
          name: item.name,
          remarks: item.remarks,
          startDate: item.startDate,
          endDate: item.endDate,
          sequence: sql`${appointments.sequence} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(appointments.id, existing.get(item.importKey)!.id));
    }
    const unchanged = items.length - added.length - changed.length;
    // Nothing of the file in the window: say how many events were passed over rather than a bare 0 added.
    return { added: added.length, updated: changed.length, unchanged, ...(items.length === 0 ? { skipped } : {}) };
  });
}
