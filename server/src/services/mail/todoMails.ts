// A to-do handed to someone else sends her one mail (docs/decisions/069-mail-and-job-queue.md): queued by the very
// statement or transaction that hands it over, one per person however many to-dos of one visit she got, none to the
// person handing it out; written and sent later by the queue (./mailJob.ts).
import { sql, type SQL } from 'drizzle-orm';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { employeeName } from '../people.js';
import type { MailDocument } from './render.js';
import { mailTexts } from './texts.js';

/** What the write handing to-dos out needs to know of mail: whether it is sent here, and the queue to wake after. */
export interface TodoMails {
  on: boolean;
  /** A write queued mails: send them soon rather than at the queue's next round. */
  queued(): void;
}
export const NO_TODO_MAILS: TodoMails = { on: false, queued: () => {} };

/**
 * Data-modifying CTEs (prefix them to a statement's others) that queue the mails: `pairs` selects (employee_id,
 * to_do_id) of the new assignees, `prospectionId` the visit they came from (an expression, or null).
 */
export function queueTodoMails(mails: TodoMails, pairs: SQL, prospectionId: SQL, handedBy: number | null): SQL {
  if (!mails.on) return sql``;
  return sql`todo_mail_to as materialized (
      select x.employee_id, jsonb_agg(distinct x.to_do_id) as todo_ids, nextval(pg_get_serial_sequence('jobs', 'id')) as id
      from (${pairs}) as x where x.employee_id is distinct from ${handedBy}::int group by x.employee_id
    ),
    todo_mail_jobs as (insert into jobs (id, kind, payload) select id, 'mail', '{}'::jsonb from todo_mail_to),
    todo_mail_rows as (
      insert into mails (id, employee_id, kind, refs)
      select id, employee_id, 'todo', jsonb_build_object('todoIds', todo_ids, 'prospectionId', ${prospectionId}) from todo_mail_to
    ),`;
}

/** Queues the mails of to-dos handed out outside a visit (a new to-do, a to-do handed on), in the caller's transaction. */
export async function queueTodoMailsIn(tx: Tx, mails: TodoMails, toDoId: number, employeeIds: number[], handedBy: number | null) {
  if (!mails.on || employeeIds.length === 0) return;
  const ids = sql`${`{${[...new Set(employeeIds)].join(',')}}`}::int[]`;
  await tx.execute(
    sql`with ${queueTodoMails(
      mails,
      sql`select unnest(${ids}) as employee_id, ${toDoId}::int as to_do_id`,
      sql`(select min(prospection_id) from prospection_todos where to_do_id = ${toDoId}::int)`,
      handedBy,
    )} done as (select 1) select 1`,
  );
}

export interface Links {
  todo: (id: number) => string;
  visit: (shopId: number, prospectionId: number) => string;
}

/**
 * The mail for `todoIds` handed to `employeeId`, or null when none of them is still hers and open (handed on again,
 * or done, before the mail went).
 */
export async function todoMail(db: Db, employeeId: number, refs: { todoIds: number[]; prospectionId: number | null }, links: Links) {
  const rows = await rowsOf<{ id: number; name: string; creator_first: string | null; creator_name: string | null }>(
    db,
    sql`select t.id, t.name, c.first_name as creator_first, c.name as creator_name
        from todos t join todo_employees te on te.to_do_id = t.id and te.employee_id = ${employeeId}::int
        left join employees c on c.user_id = t.user_created_id
        where t.id = any(${`{${refs.todoIds.join(',')}}`}::int[]) and t.to_do_status_id = ${TODO_STATUS.open}::int
        order by t.id`,
  );
  if (!rows.length) return null;
  const [visit] = refs.prospectionId
    ? await rowsOf<{ shop_id: number; shop: string; date: string }>(
        db,
        sql`select p.shop_id, s.name as shop, p.visit_date::text as date from prospections p join shops s on s.id = p.shop_id
            where p.id = ${refs.prospectionId}::int`,
      )
    : [];
  const from = employeeName({ firstName: rows[0].creator_first, name: rows[0].creator_name }) || 'Een collega';
  return {
    subject: mailTexts.todo.subject(from, rows.length, rows[0].name),
    document: (greeting: string): Omit<MailDocument, 'why' | 'unsubscribe' | 'settingsUrl'> => ({
      greeting,
      intro: mailTexts.todo.intro(from, rows.length, visit ? { shop: visit.shop, date: visit.date } : null),
      sections: [{ lines: rows.map((r) => ({ text: r.name, link: links.todo(Number(r.id)) })) }],
      actions: [
        { label: mailTexts.todo.open, url: links.todo(Number(rows[0].id)) },
        ...(visit && refs.prospectionId
          ? [{ label: mailTexts.todo.visit, url: links.visit(Number(visit.shop_id), refs.prospectionId) }]
          : []),
      ],
    }),
  };
}
