// The sample prospection report: one per employee, read and written only by that employee.
import { eq } from 'drizzle-orm';
import type { prospectionReportCreate, prospectionReportUpdate } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { prospectionReports } from '../db/schema.js';
import { DomainError } from '../errors.js';

const notOwn = () => new DomainError('not_own_report', "only one's own sample report can be read or changed");

/** The report of `employeeId`, which must be the one asking. */
export async function ownReport(db: Db, employeeId: number, askedFor: number) {
  if (askedFor !== employeeId) throw notOwn();
  const [row] = await db.select().from(prospectionReports).where(eq(prospectionReports.employeeId, employeeId));
  if (!row) throw new DomainError('report_not_found', 'sample report not found');
  return row;
}

export async function createReport(db: Db, employeeId: number, input: z.output<typeof prospectionReportCreate>) {
  if (input.employeeId !== undefined && input.employeeId !== employeeId) throw notOwn();
  const [row] = await db.insert(prospectionReports).values({ employeeId, content: input.content }).returning();
  return row;
}

export async function updateReport(db: Db, employeeId: number, reportId: number, input: z.output<typeof prospectionReportUpdate>) {
  if (input.id !== undefined && input.id !== reportId) {
    throw new DomainError('report_id_mismatch', 'body.id differs from the id in the path', 'body.id');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(prospectionReports).where(eq(prospectionReports.id, reportId));
    if (!row) throw new DomainError('report_not_found', 'sample report not found');
    if (row.employeeId !== employeeId || (input.employeeId !== undefined && input.employeeId !== employeeId)) throw notOwn();
    const [updated] = await tx
      .update(prospectionReports)
      .set({ content: input.content })
      .where(eq(prospectionReports.id, row.id))
      .returning();
    return updated;
  });
}
