// Users, employees and their appointments; an employee's name as the app shows it.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { batchedReads } from '../db/batchedReads.js';
import type { Db } from '../db/client.js';
import { appointments, employees, shops, users } from '../db/schema.js';
import { appointmentJson, overlappingApart } from './appointmentRows.js';
import { DomainError } from '../errors.js';

/** An employee's name as the app shows it: first name and name. The visit list says the same in SQL (visitList.ts). */
export const employeeName = (e: { firstName: string | null; name: string | null }) => [e.firstName, e.name].filter(Boolean).join(' ');

const employeeColumns = { id: employees.id, firstName: employees.firstName, name: employees.name, userId: employees.userId };

/** `YYYY-MM-DD` becomes the start of that day. */
const toTimestamp = (value: string) => (value.length === 10 ? `${value}T00:00:00` : value);

/** The colleague lists leave deactivated accounts out (decision 029); a read by id still finds them. */
export const listUsers = (db: Db) =>
  db.select({ id: users.id, login: users.login }).from(users).where(eq(users.active, true)).orderBy(asc(users.id));

export async function getUser(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, login: users.login }).from(users).where(eq(users.id, userId));
  if (!row) throw new DomainError('user_not_found', 'user not found');
  return row;
}

export const listEmployees = (db: Db) =>
  db
    .select(employeeColumns)
    .from(employees)
    .innerJoin(users, and(eq(users.id, employees.userId), eq(users.active, true)))
    .orderBy(asc(employees.name), asc(employees.firstName));

/** One employee, by its own id or by its user's. */
export async function getEmployee(db: Db, by: { id: number } | { userId: number }) {
  const where = 'id' in by ? eq(employees.id, by.id) : eq(employees.userId, by.userId);
  const [row] = await db.select(employeeColumns).from(employees).where(where);
  if (!row) throw new DomainError('employee_not_found', 'employee not found');
  return row;
}

/** The user id of a login (case-insensitive), for the spec's e-mail lookup. */
export async function userIdByLogin(db: Db, login: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.login})`, login.trim().toLowerCase()));
  return row?.id ?? null;
}

/** Appointment reads running at once (batchedReads). */
const MAX_APPOINTMENT_READS = 2;

/**
 * An employee's appointments (those that overlap [from, to) when given, else all), oldest first, as the JSON text of
 * the answer, or null when there is no such employee. A calendar reads a week or a month of the rep and of up to six
 * colleagues at once, the hottest read after a shop's visits, and read like them (decisions 019, 091): the reads asked
 * for together go to the database as one statement, which writes the JSON; an empty answer needs no second query.
 */
export function prepareAppointmentReads(db: Db) {
  const readPart = (overlaps: SQL) =>
    sql`select ${appointmentJson(sql`s.viewer`)} as json, ${appointments.startDate} as start_date, ${appointments.id} as id
      from ${appointments} left join ${shops} on ${shops.id} = ${appointments.shopId}
      where ${and(eq(appointments.employeeId, sql`s.employee_id`), overlaps)}`;
  // One row per read asked for, in the order asked: the appointments that overlap [f, t) (all of them between
  // -infinity and infinity), each as the contract's Appointment for the employee who asks.
  const read = db
    .select({
      json: sql<string | null>`case when exists (select 1 from ${employees} e where e.id = s.employee_id) then
        coalesce(json_agg(a.json order by a.start_date, a.id) filter (where a.id is not null), '[]')::text end`,
    })
    .from(
      sql`unnest(${sql.placeholder('employeeIds')}::int[], ${sql.placeholder('froms')}::timestamp[],
          ${sql.placeholder('tos')}::timestamp[], ${sql.placeholder('viewers')}::int[]) with ordinality as s(employee_id, f, t, viewer, n)
        left join lateral (${sql.join(overlappingApart(sql`s.f`, sql`s.t`).map(readPart), sql` union all `)}) a on true`,
    )
    .groupBy(sql`s.n, s.employee_id`)
    .orderBy(sql`s.n`)
    .prepare('appointments_of_employees_json');
  type Ask = { employeeId: number; from: string; to: string; viewerId: number | null };
  const load = batchedReads(async (asks: readonly Ask[]) => {
    const rows = await read.execute({
      employeeIds: asks.map((a) => a.employeeId),
      froms: asks.map((a) => a.from),
      tos: asks.map((a) => a.to),
      viewers: asks.map((a) => a.viewerId),
    });
    return rows.map((r) => r.json);
  }, MAX_APPOINTMENT_READS);
  /** `viewerId`: the employee who asks (for `mine`), null for an account without one. */
  return (employeeId: number, range: { from?: string; to?: string }, viewerId: number | null = null) =>
    range.from && range.to
      ? load({ employeeId, from: toTimestamp(range.from), to: toTimestamp(range.to), viewerId })
      : load({ employeeId, from: '-infinity', to: 'infinity', viewerId });
}
