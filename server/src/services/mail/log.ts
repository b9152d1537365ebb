// The administration's log of mail: to whom, what kind, when and what became of it; never what it said.
import { sql } from 'drizzle-orm';
import type { MailLogPage, MailStatus } from '@prospectie/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { employeeName } from '../people.js';
import { mailAddressOf } from './settings.js';

export async function mailLogPage(db: Db, query: { before?: number; limit: number }): Promise<MailLogPage> {
  const rows = await rowsOf<{
    id: number;
    kind: 'todo' | 'digest';
    employee_id: number;
    first_name: string;
    name: string;
    login: string;
    email: string | null;
    address: string | null;
    status: MailStatus;
    attempts: number;
    created: string;
    finished: string | null;
    next_attempt: string | null;
  }>(
    db,
    sql`select m.id, m.kind, m.employee_id, e.first_name, e.name, u.login, u.email, m.address,
          coalesce(m.outcome, case j.state
            when 'uncertain' then 'uncertain'
            when 'failed' then case when j.last_error = 'smtp_refused' then 'refused' else 'failed' end
            else 'waiting' end) as status,
          j.attempts, to_char(m.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created,
          to_char(j.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as finished,
          case when j.state = 'queued' and j.attempts > 0
            then to_char(j.run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as next_attempt
        from mails m join jobs j on j.id = m.id join employees e on e.id = m.employee_id join users u on u.id = e.user_id
        where ${query.before ? sql`m.id < ${query.before}` : sql`true`}
        order by m.id desc limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  return {
    mails: page.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      recipient: { employeeId: Number(r.employee_id), name: employeeName({ firstName: r.first_name, name: r.name }) },
      address: r.address ?? mailAddressOf(r),
      status: r.status,
      attempts: Number(r.attempts),
      createdAt: r.created,
      finishedAt: r.finished,
      nextAttemptAt: r.next_attempt,
    })),
    nextBefore: rows.length > query.limit ? Number(page[page.length - 1].id) : null,
  };
}
