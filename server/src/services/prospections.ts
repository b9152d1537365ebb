// Prospections: the reads and writes of a visit's parts, the bare create and the own-visit check. The submit of a
// whole visit in one statement is visitSubmit.ts.
import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { prospectionCreate } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import {
  brands,
  competitorBrands,
  employees,
  prospectionBrandInterests,
  prospectionBrands,
  prospectionCompetitorBrands,
  prospections,
  prospectionTodos,
  todoEmployees,
  todos,
} from '../db/schema.js';
import { replayPipeline } from './pipeline/replay.js';
import { DomainError } from '../errors.js';
import { currentIds, toCurrentIds } from './brandIds.js';
import { employeeName } from './people.js';
import { listTodoEmployees } from './todos.js';
import { textOrNull } from '@prospectie/contract/blank';

export async function getProspection(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ p: prospections, firstName: employees.firstName, name: employees.name })
    .from(prospections)
    .innerJoin(employees, eq(employees.id, prospections.employeeId))
    .where(eq(prospections.id, id));
  return row ? { ...row.p, employeeName: employeeName(row) } : null;
}

export async function listProspectionBrands(db: Db, prospectionId: number) {
  return db
    .select({
      brandId: prospectionBrands.brandId,
      brandName: brands.name,
      sellout: prospectionBrands.sellout,
      selloutRemark: prospectionBrands.selloutRemark,
    })
    .from(prospectionBrands)
    .innerJoin(brands, eq(brands.id, prospectionBrands.brandId))
    .where(eq(prospectionBrands.prospectionId, prospectionId))
    .orderBy(asc(brands.name));
}

export async function listProspectionCompetitorBrands(db: Db, prospectionId: number) {
  return db
    .select({ competitorBrandId: competitorBrands.id, competitorBrandName: competitorBrands.name })
    .from(prospectionCompetitorBrands)
    .innerJoin(competitorBrands, eq(competitorBrands.id, prospectionCompetitorBrands.competitorBrandId))
    .where(eq(prospectionCompetitorBrands.prospectionId, prospectionId))
    .orderBy(asc(competitorBrands.name));
}

export async function listProspectionBrandInterests(db: Db, prospectionId: number) {
  return db
    .select({ brandId: prospectionBrandInterests.brandId, brandName: brands.name, remark: prospectionBrandInterests.remark })
    .from(prospectionBrandInterests)
    .innerJoin(brands, eq(brands.id, prospectionBrandInterests.brandId))
    .where(eq(prospectionBrandInterests.prospectionId, prospectionId))
    .orderBy(asc(brands.name));
}

export async function listProspectionTodos(db: Db, prospectionId: number) {
  const rows = await db
    .select({
      toDoId: todos.id,
      name: todos.name,
      remarks: todos.remarks,
      toDoStatusId: todos.toDoStatusId,
      toDoTypeId: todos.toDoTypeId,
      dateCreated: todos.dateCreated,
      userCreatedId: todos.userCreatedId,
    })
    .from(prospectionTodos)
    .innerJoin(todos, eq(todos.id, prospectionTodos.toDoId))
    .where(eq(prospectionTodos.prospectionId, prospectionId))
    .orderBy(asc(todos.toDoTypeId), asc(todos.id));
  const assignees = await listTodoEmployees(
    db,
    rows.map((r) => r.toDoId),
  );
  return rows.map((r) => ({ ...r, employees: assignees.get(r.toDoId) ?? [] }));
}

/** The items once each, by key, the first of each kept. */
export const unique = <T>(items: T[], key: (item: T) => number) => {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

/** The items once per brand, each under the brand that is current (a merged brand's under the one it went into). */
async function underCurrentBrands<T extends { brandId: number }>(tx: Tx, items: T[]): Promise<T[]> {
  const named = unique(items, (b) => b.brandId);
  const ids = await currentIds(
    tx,
    'brands',
    named.map((b) => b.brandId),
  );
  return toCurrentIds(
    named,
    (b) => b.brandId,
    ids,
    (b, brandId) => ({ ...b, brandId }),
  );
}

export async function replaceProspectionBrands(
  tx: Tx,
  prospectionId: number,
  items: { brandId: number; sellout?: number | null; selloutRemark?: string | null }[],
) {
  await tx.delete(prospectionBrands).where(eq(prospectionBrands.prospectionId, prospectionId));
  const rows = (await underCurrentBrands(tx, items)).map((b) => ({
    prospectionId,
    brandId: b.brandId,
    sellout: b.sellout ?? null,
    selloutRemark: textOrNull(b.selloutRemark),
  }));
  if (rows.length) await tx.insert(prospectionBrands).values(rows);
}

export async function replaceProspectionCompetitorBrands(tx: Tx, prospectionId: number, ids: number[]) {
  await tx.delete(prospectionCompetitorBrands).where(eq(prospectionCompetitorBrands.prospectionId, prospectionId));
  const current = await currentIds(tx, 'competitorBrands', ids);
  const rows = [...new Set(ids.map((id) => current.get(id) ?? id))].map((competitorBrandId) => ({ prospectionId, competitorBrandId }));
  if (rows.length) await tx.insert(prospectionCompetitorBrands).values(rows);
}

export async function replaceProspectionBrandInterests(
  tx: Tx,
  prospectionId: number,
  items: { brandId: number; remark?: string | null }[],
) {
  await tx.delete(prospectionBrandInterests).where(eq(prospectionBrandInterests.prospectionId, prospectionId));
  const rows = (await underCurrentBrands(tx, items)).map((b) => ({
    prospectionId,
    brandId: b.brandId,
    remark: textOrNull(b.remark),
  }));
  if (rows.length) await tx.insert(prospectionBrandInterests).values(rows);
}

/**
 * Links to-dos to a visit. Only to-dos the caller may see as hers: created by her, assigned to her, or linked to
 * this visit already; any other id is refused as if it did not exist (decision 059: a rep could otherwise pull
 * anyone's to-do under her own visit and read it there). Checked inside the caller's transaction.
 */
export async function replaceProspectionTodos(
  tx: Tx,
  prospectionId: number,
  ids: number[],
  who: { userId: number; employeeId: number | null },
) {
  const wanted = [...new Set(ids)];
  if (wanted.length) {
    const allowed = await tx
      .select({ id: todos.id })
      .from(todos)
      .where(
        and(
          inArray(todos.id, wanted),
          or(
            eq(todos.userCreatedId, who.userId),
            who.employeeId === null
              ? undefined
              : exists(
                  tx
                    .select({ one: sql`1` })
                    .from(todoEmployees)
                    .where(and(eq(todoEmployees.toDoId, todos.id), eq(todoEmployees.employeeId, who.employeeId))),
                ),
            exists(
              tx
                .select({ one: sql`1` })
                .from(prospectionTodos)
                .where(and(eq(prospectionTodos.toDoId, todos.id), eq(prospectionTodos.prospectionId, prospectionId))),
            ),
          ),
        ),
      );
    const allowedIds = new Set(allowed.map((r) => r.id));
    const refused = wanted.filter((id) => !allowedIds.has(id));
    if (refused.length) throw new DomainError('unknown_todo', `no to-do of yours: ${refused.join(', ')}`, 'body.ToDoIds');
  }
  await tx.delete(prospectionTodos).where(eq(prospectionTodos.prospectionId, prospectionId));
  const rows = wanted.map((toDoId) => ({ prospectionId, toDoId }));
  if (rows.length) await tx.insert(prospectionTodos).values(rows);
}

/** The spec's bare prospection (no parts), recorded by the signed-in employee. */
export async function createProspection(db: Db, who: { userId: number; employeeId: number }, input: z.output<typeof prospectionCreate>) {
  const { shopId, ...fields } = input;
  const [row] = await db
    .insert(prospections)
    .values({ ...fields, shopId, userCreatedId: who.userId, employeeId: who.employeeId })
    .returning({ id: prospections.id });
  return row;
}

/** Changes a part of a visit in one transaction: only its own rep may, and the visit is marked as updated. */
export async function changeOwnProspection(db: Db, prospectionId: number, userId: number, change: (tx: Tx) => Promise<void>) {
  await db.transaction(async (tx) => {
    await assertOwnProspection(tx, prospectionId, userId);
    await change(tx);
    const [visit] = await tx
      .update(prospections)
      .set({ dateLastUpdated: new Date().toISOString() })
      .where(eq(prospections.id, prospectionId))
      .returning({ shopId: prospections.shopId });
    // The brands a visit names are the pipeline's evidence: the shop's statuses are worked out again (decision 066).
    await replayPipeline(tx, { shopIds: [visit.shopId] });
  });
}

/** Only the rep who recorded a visit may change it afterwards. */
async function assertOwnProspection(tx: Db | Tx, prospectionId: number, userId: number) {
  const [row] = await tx
    .select({ userCreatedId: prospections.userCreatedId })
    .from(prospections)
    .where(and(eq(prospections.id, prospectionId)));
  if (!row) throw new DomainError('prospection_not_found', 'prospection not found');
  if (row.userCreatedId !== userId) throw new DomainError('not_own_prospection', 'only the rep who recorded a visit may change it');
}
