// Prospections: the one-transaction submit of a whole visit, and the reads of its parts.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { prospectionSubmission } from '@prospectie/contract';
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
  shops,
  todoEmployees,
  todos,
  visitTypes,
} from '../db/schema.js';
import { HttpError } from '../plugins/errors.js';

const employeeName = (e: { firstName: string | null; name: string | null }) =>
  [e.firstName, e.name].filter(Boolean).join(' ');

export async function getProspection(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ p: prospections, firstName: employees.firstName, name: employees.name })
    .from(prospections)
    .innerJoin(employees, eq(employees.id, prospections.employeeId))
    .where(eq(prospections.id, id));
  return row ? { ...row.p, employeeName: employeeName(row) } : null;
}

function shopProspectionsQuery(db: Db) {
  return db
    .select({
      id: prospections.id,
      visitDate: prospections.visitDate,
      visitTypeId: prospections.visitTypeId,
      visitTypeName: visitTypes.name,
      employeeId: prospections.employeeId,
      firstName: employees.firstName,
      name: employees.name,
    })
    .from(prospections)
    .innerJoin(visitTypes, eq(visitTypes.id, prospections.visitTypeId))
    .innerJoin(employees, eq(employees.id, prospections.employeeId))
    .where(eq(prospections.shopId, sql.placeholder('shopId')))
    .orderBy(desc(prospections.visitDate), desc(prospections.id));
}

/** A shop's visits, newest first (all, or the first `limit`): prepared once per database. */
export function prepareListShopProspections(db: Db) {
  const all = shopProspectionsQuery(db).prepare('shop_prospections');
  const first = shopProspectionsQuery(db).limit(sql.placeholder('limit')).prepare('shop_prospections_limit');
  return async (shopId: number, limit?: number) => {
    const rows = limit ? await first.execute({ shopId, limit }) : await all.execute({ shopId });
    return rows.map(({ firstName, name, ...r }) => ({ ...r, employeeName: employeeName({ firstName, name }) }));
  };
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

export async function listTodoEmployees(db: Db | Tx, todoIds: number[]) {
  if (todoIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ toDoId: todoEmployees.toDoId, id: employees.id, firstName: employees.firstName, name: employees.name })
    .from(todoEmployees)
    .innerJoin(employees, eq(employees.id, todoEmployees.employeeId))
    .where(inArray(todoEmployees.toDoId, todoIds))
    .orderBy(asc(employees.name), asc(employees.firstName));
  const byTodo = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = byTodo.get(r.toDoId) ?? [];
    list.push({ id: r.id, name: employeeName(r) });
    byTodo.set(r.toDoId, list);
  }
  return byTodo;
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
  const assignees = await listTodoEmployees(db, rows.map((r) => r.toDoId));
  return rows.map((r) => ({ ...r, employees: assignees.get(r.toDoId) ?? [] }));
}

type Submission = z.output<typeof prospectionSubmission>;

const blankToNull = (s: string | null | undefined) => (s && s.trim() ? s : null);
const unique = <T>(items: T[], key: (item: T) => number) => {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

/** Saves a whole visit (prospection, brands, competitors, interests, to-dos with assignees) at once. */
export async function submitProspection(
  tx: Tx,
  who: { userId: number; employeeId: number },
  shopId: number,
  s: Submission,
) {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new HttpError(404, 'Winkel niet gevonden');
  const [created] = await tx
    .insert(prospections)
    .values({
      shopId,
      userCreatedId: who.userId,
      employeeId: who.employeeId,
      visitDate: s.visitDate,
      contactTypeId: s.contactTypeId,
      contactName: blankToNull(s.contactName),
      contactEmail: blankToNull(s.contactEmail),
      contactPhone: blankToNull(s.contactPhone),
      visitTypeId: s.visitTypeId,
      visitContext: blankToNull(s.visitContext),
      newBrands: blankToNull(s.newBrands),
      bestBrands: blankToNull(s.bestBrands),
      worstBrands: blankToNull(s.worstBrands),
      terminatedBrands: blankToNull(s.terminatedBrands),
      trends: blankToNull(s.trends),
      extra: blankToNull(s.extra),
    })
    .returning({ id: prospections.id });
  const prospectionId = created.id;
  // A new visit has no rows to replace: insert only, and every to-do in one statement (fewer round trips,
  // docs/decisions/009-performance.md).
  await insertProspectionBrands(tx, prospectionId, s.brands);
  await insertProspectionCompetitorBrands(tx, prospectionId, s.competitorBrandIds);
  await insertProspectionBrandInterests(tx, prospectionId, s.brandInterests);
  if (s.todos.length) {
    const created = await tx
      .insert(todos)
      .values(
        s.todos.map((draft) => ({
          name: draft.name.trim(),
          remarks: blankToNull(draft.remarks),
          toDoStatusId: draft.toDoStatusId,
          toDoTypeId: draft.toDoTypeId,
          userCreatedId: who.userId,
        })),
      )
      .returning({ id: todos.id });
    // RETURNING gives no order guarantee: ids are serial within one statement, so sort to match the drafts.
    const todoIds = created.map((t) => t.id).sort((a, b) => a - b);
    const assignees = s.todos.flatMap((draft, i) => [...new Set(draft.employeeIds)].map((employeeId) => ({ toDoId: todoIds[i], employeeId })));
    if (assignees.length) await tx.insert(todoEmployees).values(assignees);
    await tx.insert(prospectionTodos).values(todoIds.map((toDoId) => ({ prospectionId, toDoId })));
  }
  return { id: prospectionId };
}

export async function replaceProspectionBrands(
  tx: Tx,
  prospectionId: number,
  items: { brandId: number; sellout?: number | null; selloutRemark?: string | null }[],
) {
  await tx.delete(prospectionBrands).where(eq(prospectionBrands.prospectionId, prospectionId));
  await insertProspectionBrands(tx, prospectionId, items);
}

async function insertProspectionBrands(
  tx: Tx,
  prospectionId: number,
  items: { brandId: number; sellout?: number | null; selloutRemark?: string | null }[],
) {
  const rows = unique(items, (b) => b.brandId).map((b) => ({
    prospectionId,
    brandId: b.brandId,
    sellout: b.sellout ?? null,
    selloutRemark: blankToNull(b.selloutRemark),
  }));
  if (rows.length) await tx.insert(prospectionBrands).values(rows);
}

export async function replaceProspectionCompetitorBrands(tx: Tx, prospectionId: number, ids: number[]) {
  await tx.delete(prospectionCompetitorBrands).where(eq(prospectionCompetitorBrands.prospectionId, prospectionId));
  await insertProspectionCompetitorBrands(tx, prospectionId, ids);
}

async function insertProspectionCompetitorBrands(tx: Tx, prospectionId: number, ids: number[]) {
  const rows = [...new Set(ids)].map((competitorBrandId) => ({ prospectionId, competitorBrandId }));
  if (rows.length) await tx.insert(prospectionCompetitorBrands).values(rows);
}

export async function replaceProspectionBrandInterests(
  tx: Tx,
  prospectionId: number,
  items: { brandId: number; remark?: string | null }[],
) {
  await tx.delete(prospectionBrandInterests).where(eq(prospectionBrandInterests.prospectionId, prospectionId));
  await insertProspectionBrandInterests(tx, prospectionId, items);
}

async function insertProspectionBrandInterests(tx: Tx, prospectionId: number, items: { brandId: number; remark?: string | null }[]) {
  const rows = unique(items, (b) => b.brandId).map((b) => ({ prospectionId, brandId: b.brandId, remark: blankToNull(b.remark) }));
  if (rows.length) await tx.insert(prospectionBrandInterests).values(rows);
}

export async function replaceProspectionTodos(tx: Tx, prospectionId: number, ids: number[]) {
  await tx.delete(prospectionTodos).where(eq(prospectionTodos.prospectionId, prospectionId));
  const rows = [...new Set(ids)].map((toDoId) => ({ prospectionId, toDoId }));
  if (rows.length) await tx.insert(prospectionTodos).values(rows);
}

export async function replaceTodoEmployees(tx: Tx, toDoId: number, ids: number[]) {
  await tx.delete(todoEmployees).where(eq(todoEmployees.toDoId, toDoId));
  const rows = [...new Set(ids)].map((employeeId) => ({ toDoId, employeeId }));
  if (rows.length) await tx.insert(todoEmployees).values(rows);
}

/** Only the rep who recorded a visit may change it afterwards. */
export async function assertOwnProspection(tx: Db | Tx, prospectionId: number, userId: number) {
  const [row] = await tx
    .select({ userCreatedId: prospections.userCreatedId })
    .from(prospections)
    .where(and(eq(prospections.id, prospectionId)));
  if (!row) throw new HttpError(404, 'Prospectie niet gevonden');
  if (row.userCreatedId !== userId) throw new HttpError(403, 'Je kan enkel je eigen prospecties wijzigen.');
}
