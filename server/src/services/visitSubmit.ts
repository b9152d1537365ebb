// The visit's submit: the prospection with all its parts (brands, competitors, interests, to-dos and their assignees,
// the appointment it was made from) in one statement (docs/decisions/003-one-call-writes.md). Reading and changing
// a recorded visit's parts afterwards is prospections.ts.
import { sql } from 'drizzle-orm';
import type { prospectionSubmission } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { DomainError } from '../errors.js';
import { currentIdsQuery, toCurrentIds } from './brandIds.js';
import { appointmentForVisit } from './appointments.js';
import type { StatementClaim } from './idempotency.js';
import { NO_TODO_MAILS, queueTodoMails, type TodoMails } from './mail/todoMails.js';
import { unique } from './prospections.js';
import { constraintOf, resultRows } from '../db/rows.js';
import { textOrNull } from '@prospectie/contract/blank';
import { keepsStatusOf, pipelineWrites, plannedChanges, shopStatuses } from './pipeline/statuses.js';

type Submission = z.output<typeof prospectionSubmission>;

const withBrand = <T extends { brandId: number }>(item: T, brandId: number): T => ({ ...item, brandId });

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
  mails: TodoMails = NO_TODO_MAILS,
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
  // sends the visit: every to-do has someone. The contract refuses a manual one without.
  const assignees = s.todos.flatMap((t, ord) =>
    [...new Set(t.employeeIds.length ? t.employeeIds : [who.employeeId])].map((employee_id) => ({ ord, employee_id })),
  );
  const text = (value: string | null | undefined) => sql`${textOrNull(value)}::text`;
  // The appointment the visit was started from (decision 028): checked first (a colleague's or another shop's is
  // refused and nothing is saved), then linked in the statement below, so it shows done with the visit.
  const appointmentId = s.appointmentId === undefined ? null : await appointmentForVisit(db, who.employeeId, shopId, s.appointmentId);
  const intArray = (ids: number[]) => sql`${`{${[...new Set(ids)].join(',')}}`}::int[]`;
  const terminatedIds = [...new Set(s.terminatedBrandIds)];
  const brandIds = [...brandRows.map((b) => b.brand_id), ...interestRows.map((b) => b.brand_id), ...terminatedIds];
  // Where the shop stands per FC70 brand after this visit (decision 066): its evidence, then the rep's own choices on
  // Opvolging, written by the same statement as the visit. A brand counts as the one it was merged into, as the visit's
  // rows below save it. A brand deactivated since the visit was typed (an outbox's) and new to this shop moves no status;
  // the visit itself is saved whole (nothing typed is lost, decision 029), its rows naming that brand included.
  const held = await shopStatuses(db, shopId, [...brandIds, ...s.pipeline.map((c) => c.brandId)]);
  const keeps = keepsStatusOf(held);
  const { current } = held;
  const toCurrent = (ids: number[]) => [...new Set(ids.map((id) => current.get(id)!))].filter(keeps);
  const evidence = {
    visitDate: s.visitDate,
    carried: toCurrent(brandRows.map((b) => b.brand_id)),
    interests: toCurrent(interestRows.map((b) => b.brand_id)),
    terminated: toCurrent(terminatedIds),
  };
  const choices = toCurrentIds(s.pipeline, (c) => c.brandId, current, withBrand).filter((c) => keeps(c.brandId));
  const pipeline = plannedChanges(held.now, held.fc70, s.visitDate, evidence, choices);
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
    visit_terminated as (
      insert into prospection_terminated_brands (prospection_id, brand_id)
      select distinct p.id, coalesce(m.to_id, x) from p, unnest(${intArray(terminatedIds)}) as x left join brand_map m on m.id = x
    ),
    ${pipelineWrites(pipeline, shopId, who.employeeId, s.visitDate, sql`p`)},
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
    -- A mail to each colleague handed a to-do (decision 069), queued with the visit itself.
    ${queueTodoMails(
      mails,
      sql`select a.employee_id, t.id as to_do_id from todo_ids t join jsonb_to_recordset(${JSON.stringify(assignees)}::jsonb) as a(ord int, employee_id int) on a.ord = t.ord`,
      sql`(select id from p)`,
      who.employeeId,
    )}
    links as (insert into prospection_todos (prospection_id, to_do_id) select p.id, t.id from p, todo_ids t)
    select id from p`;
  try {
    const [row] = resultRows<{ id: number }>(await db.execute(statement));
    return row ? { id: Number(row.id) } : null;
  } catch (err) {
    const constraint = constraintOf(err);
    if (
      constraint === 'prospections_shop_id_shops_id_fk' ||
      (constraint?.startsWith('pipeline_') && constraint.endsWith('_shop_id_shops_id_fk'))
    )
      throw new DomainError('shop_not_found', 'shop not found');
    throw err;
  }
}
