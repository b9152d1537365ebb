// Users, employees and their appointments; an employee's name as the app shows it.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appointments, employees, shops, users } from '../db/schema.js';
import { appointmentColumns, overlapping, toAppointment } from './appointmentRows.js';
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

/** An employee's appointments (those that overlap [from, to) when given), read by statements prepared once. */
export function prepareAppointmentReads(db: Db) {
  // The calendar's reads, prepared once (docs/decisions/021-hot-read-overhead.md).
  const appointmentsOf = () => db.select(appointmentColumns).from(appointments).leftJoin(shops, eq(shops.id, appointments.shopId));
  const all = appointmentsOf()
    .where(eq(appointments.employeeId, sql.placeholder('employeeId')))
    .orderBy(asc(appointments.startDate), asc(appointments.id))
    .prepare('appointments_of_employee');
  // Those that overlap [from, to).
  const inRange = appointmentsOf()
    .where(and(eq(appointments.employeeId, sql.placeholder('employeeId')), overlapping(sql.placeholder('from'), sql.placeholder('to'))))
    .orderBy(asc(appointments.startDate), asc(appointments.id))
    .prepare('appointments_of_employee_in_range');
  const employeeById = db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.id, sql.placeholder('id')))
    .prepare('employee_exists');
  /** `viewerId`: the employee who asks (for `mine`), null for an account without one. */
  return async (employeeId: number, range: { from?: string; to?: string }, viewerId: number | null = null) => {
    const rows =
      range.from && range.to
        ? await inRange.execute({ employeeId, from: toTimestamp(range.from), to: toTimestamp(range.to) })
        : await all.execute({ employeeId });
    // Only an empty answer needs the employee looked up, to tell 'no appointments' from 'no employee'.
    if (rows.length === 0 && !(await employeeById.execute({ id: employeeId })).length) {
      throw new DomainError('employee_not_found', 'employee not found');
    }
    return rows.map((row) => toAppointment(row, viewerId));
  };
}
