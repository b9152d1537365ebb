// Prospections: the one-statement submit of a whole visit, and the reads and writes of its parts.
import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { prospectionCreate, prospectionSubmission } from '@prospectie/contract';
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
import { DomainError } from '../errors.js';
import { currentIds, currentIdsQuery, toCurrentIds } from './brandIds.js';
import { appointmentForVisit } from './appointments.js';
import type { StatementClaim } from './idempotency.js';
import { employeeName } from './people.js';
import { listTodoEmployees } from './todos.js';
import { constraintOf, resultRows } from '../db/rows.js';
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

type Submission = z.output<typeof prospectionSubmission>;

const unique = <T>(items: T[], key: (item: T) => number) => {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

/**
 * Saves a whole visit (prospection, brands, competitors, interests, to-dos with their assignees) in ONE
 * statement: data-modifying CTEs, so it is atomic without a transaction and costs one round trip
 * (docs/decisions/003-one-call-writes.md). With an Idempotency-Key the same statement stores the response on
 * the key: on the claim held (inserting nothing when it is no longer ours), or as a new key row (inserting
 * nothing when the key exists). Inserted nothing: it returns null.
 */
export async function submitProspection(
  db: Db,
  who: { userId: number; employeeId: number },
  shopId: number,
  s: Submission,
  claim: StatementClaim,
): Promise<{ id: number } | null> {
  const brandRows = unique(s.brands, (b) => b.brandId).map((b) => ({
    brand_id: b.brandId,
    sellout: b.sellout ?? null,
    sellout_remark: textOrNull(b.selloutRemark),
  }));
  const interestRows = unique(s.brandInterests, (b) => b.brandId).map((b) => ({ brand_id: b.brandId, remark: textOrNull(b.remark) }));
  const todoRows = s.todos.map((t, ord) => ({
    ord,
    name: t.name.trim(),
    remarks: textOrNull(t.remarks),
    status: t.toDoStatusId,
    type: t.toDoTypeId,
  }));
  // An automatic to-do sent without assignees (an older app's, or one queued offline before) goes to the rep who
  // sends the visit: every to-do has someone (issue 20). The contract refuses a manual one without.
  const assignees = s.todos.flatMap((t, ord) =>
    [...new Set(t.employeeIds.length ? t.employeeIds : [who.employeeId])].map((employee_id) => ({ ord, employee_id })),
  );
  const text = (value: string | null | undefined) => sql`${textOrNull(value)}::text`;
  // The appointment the visit was started from (issue 23): checked first (a colleague's or another shop's is
  // refused and nothing is saved), then linked in the statement below, so it shows done with the visit.
  const appointmentId = s.appointmentId === undefined ? null : await appointmentForVisit(db, who.employeeId, shopId, s.appointmentId);
  const intArray = (ids: number[]) => sql`${`{${[...new Set(ids)].join(',')}}`}::int[]`;
  const brandIds = [...brandRows, ...interestRows].map((b) => b.brand_id);
  const statement = sql`
    with pid as materialized (select nextval(pg_get_serial_sequence('prospections', 'id'))::int as id),
    claim as (${claim.store(201, sql`jsonb_build_object('id', (select id from pid))`)}),
    p as (
      insert into prospections (id, shop_id, user_created_id, employee_id, visit_date, contact_type_id, contact_name, contact_email,
        contact_phone, visit_type_id, visit_context, new_brands, best_brands, worst_brands, terminated_brands, trends, extra)
      select pid.id, ${shopId}::int, ${who.userId}::int, ${who.employeeId}::int, ${s.visitDate}::date, ${s.contactTypeId}::int,
        ${text(s.contactName)}, ${text(s.contactEmail)}, ${text(s.contactPhone)}, ${s.visitTypeId}::int, ${text(s.visitContext)},
        ${text(s.newBrands)}, ${text(s.bestBrands)}, ${text(s.worstBrands)}, ${text(s.terminatedBrands)}, ${text(s.trends)}, ${text(s.extra)}
      from pid
      where ${claim.holds}
      returning id
    ),
    -- A merged brand's id is saved as the brand it went into (services/brandIds.ts currentIdsQuery): one
    -- row per brand, the one naming the target itself when the visit names both. The share lock makes a merge
    -- running meanwhile wait for this visit, or this visit wait for the merge and read its outcome.
    brand_map as (${currentIdsQuery('brands', brandIds)}),
    competitor_map as (${currentIdsQuery('competitorBrands', s.competitorBrandIds)}),
    visit_brands as (
      insert into prospection_brands (prospection_id, brand_id, sellout, sellout_remark)
      select distinct on (y.to_id) p.id, y.to_id, y.sellout, y.sellout_remark
      from p, (
        select coalesce(m.to_id, x.brand_id) as to_id, x.brand_id, x.sellout, x.sellout_remark
        from jsonb_to_recordset(${JSON.stringify(brandRows)}::jsonb) as x(brand_id int, sellout numeric, sellout_remark text)
        left join brand_map m on m.id = x.brand_id
      ) as y
      order by y.to_id, (y.brand_id = y.to_id) desc
    ),
    visit_competitors as (
      insert into prospection_competitor_brands (prospection_id, competitor_brand_id)
      select distinct p.id, coalesce(m.to_id, x) from p, unnest(${intArray(s.competitorBrandIds)}) as x left join competitor_map m on m.id = x
    ),
    visit_interests as (
      insert into prospection_brand_interests (prospection_id, brand_id, remark)
      select distinct on (y.to_id) p.id, y.to_id, y.remark
      from p, (
        select coalesce(m.to_id, x.brand_id) as to_id, x.brand_id, x.remark
        from jsonb_to_recordset(${JSON.stringify(interestRows)}::jsonb) as x(brand_id int, remark text)
        left join brand_map m on m.id = x.brand_id
      ) as y
      order by y.to_id, (y.brand_id = y.to_id) desc
    ),
    ${
      appointmentId === null
        ? sql``
        : sql`planned as (
      update appointments set prospection_id = p.id, sequence = sequence + 1, updated_at = now()
      from p where appointments.id = ${appointmentId}::int and appointments.employee_id = ${who.employeeId}::int
        and appointments.prospection_id is null
    ),`
    }
    -- The to-dos' ids first, so assignees and the visit's links can refer to them in the same statement.
    todo_ids as materialized (
      select x.ord, x.name, x.remarks, x.status, x.type, nextval(pg_get_serial_sequence('todos', 'id'))::int as id
      from p, jsonb_to_recordset(${JSON.stringify(todoRows)}::jsonb) as x(ord int, name text, remarks text, status int, type int)
    ),
    new_todos as (
      insert into todos (id, name, remarks, to_do_status_id, to_do_type_id, user_created_id)
      select id, name, remarks, status, type, ${who.userId}::int from todo_ids
    ),
    todo_assignees as (
      insert into todo_employees (to_do_id, employee_id)
      select t.id, a.employee_id from todo_ids t join jsonb_to_recordset(${JSON.stringify(assignees)}::jsonb) as a(ord int, employee_id int) on a.ord = t.ord
    ),
    links as (insert into prospection_todos (prospection_id, to_do_id) select p.id, t.id from p, todo_ids t)
    select id from p`;
  try {
    const [row] = resultRows<{ id: number }>(await db.execute(statement));
    return row ? { id: Number(row.id) } : null;
  } catch (err) {
    if (constraintOf(err) === 'prospections_shop_id_shops_id_fk') throw new DomainError('shop_not_found', 'shop not found');
    throw err;
  }
}

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
 * this visit already; any other id is refused as if it did not exist (issue 17: a rep could otherwise pull
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
    await tx.update(prospections).set({ dateLastUpdated: new Date().toISOString() }).where(eq(prospections.id, prospectionId));
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
