// The administration's log (decision 029): every administrative change, written in the transaction of the change.
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AuditAction, AuditPage } from '@prospectie/contract';
import type { Db, Tx } from '../db/client.js';
import { auditLog, employees, shops, users } from '../db/schema.js';
import { employeeName } from './people.js';

export interface AuditRecord {
  /** Who made the change; null for the command line and the sign-in itself (auto-provisioning). */
  actorUserId: number | null;
  action: AuditAction;
  /** The kind of record: 'person', 'brand' or 'competitor-brand'. */
  entity: string;
  entityId: number | null;
  /** Small objects: the fields the change concerns, never more (no contact details). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one entry; call it inside the transaction that makes the change, so both happen or neither. */
export async function writeAudit(tx: Db | Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values(record);
}

/** A page of the log, newest first; `before` is the id the previous page ended at. */
export async function auditPage(db: Db, query: { before?: number; limit: number }): Promise<AuditPage> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorUserId: auditLog.actorUserId,
      actorLogin: users.login,
      actorFirstName: employees.firstName,
      actorName: employees.name,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(employees, eq(employees.userId, auditLog.actorUserId))
    .where(query.before ? lt(auditLog.id, query.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const pending = await pendingMergesOf(db, page);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor:
        r.actorUserId === null
          ? null
          : { userId: r.actorUserId, name: employeeName({ firstName: r.actorFirstName, name: r.actorName }) || (r.actorLogin ?? '') },
      action: r.action as AuditAction,
      entity: r.entity,
      entityId: r.entityId,
      before: (r.before as Record<string, unknown> | null) ?? null,
      after: (r.after as Record<string, unknown> | null) ?? null,
      ...(r.action === 'shop.import' ? { pendingMerges: candidatesOf(r.after).filter((id) => pending.has(id)) } : {}),
    })),
    nextBefore: rows.length > query.limit ? page[page.length - 1].id : null,
  };
}

/** The field shops a shop import's rows offered as possible duplicates. */
function candidatesOf(after: unknown): number[] {
  const rows = (after as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => {
    const id = (row as { mergeCandidate?: { shopId?: unknown } } | null)?.mergeCandidate?.shopId;
    return typeof id === 'number' && Number.isInteger(id) ? [id] : [];
  });
}

/** Of the shop imports' merge candidates on a page, those still there as field shops (not merged yet). */
async function pendingMergesOf(db: Db, page: { action: string; after: unknown }[]): Promise<Set<number>> {
  const ids = [...new Set(page.filter((r) => r.action === 'shop.import').flatMap((r) => candidatesOf(r.after)))];
  if (!ids.length) return new Set();
  const found = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(inArray(shops.id, ids), isNull(shops.externalNumber)));
  return new Set(found.map((r) => r.id));
}
