// How an appointment is read everywhere (decision 028): the columns, the shop's name, and the row as the contract's
// Appointment for the employee who asks (mine, allDay).
import { and, gt, gte, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Appointment } from '@prospectie/contract';
import { isAllDay } from '@prospectie/contract/dates';
import { appointments, shops } from '../db/schema.js';

/** A wall-clock timestamp as the API writes it: YYYY-MM-DDTHH:mm:ss. */
export const wallClockText = (column: typeof appointments.startDate | typeof appointments.endDate) =>
  sql<string>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** The columns of an appointment read, to be selected from appointments left-joined to shops. */
export const appointmentColumns = {
  id: appointments.id,
  clientId: appointments.clientId,
  employeeId: appointments.employeeId,
  name: appointments.name,
  remarks: appointments.remarks,
  startDate: wallClockText(appointments.startDate),
  endDate: wallClockText(appointments.endDate),
  shopId: appointments.shopId,
  shopName: shops.name,
  prospectionId: appointments.prospectionId,
  sequence: appointments.sequence,
};

export type AppointmentRow = Omit<Appointment, 'mine' | 'allDay'>;

/**
 * The row as the contract's Appointment, seen by the employee `viewerId` (null: an account without employee).
 * appointmentJson says the same in SQL.
 */
export const toAppointment = (row: AppointmentRow, viewerId: number | null): Appointment => ({
  ...row,
  mine: row.employeeId === viewerId,
  allDay: isAllDay(row.startDate, row.endDate),
});

/**
 * One appointment as the contract's Appointment in JSON, written by the database (decision 091): the columns above,
 * then `mine` for the employee `viewer` (an int expression; null: no one's) and `allDay` as isAllDay reads the
 * wall-clock texts (their hours, and start before end), as toAppointment adds them. Selected where the columns are.
 */
export const appointmentJson = (viewer: SQL): SQL => {
  const fields: [string, unknown][] = [
    ...Object.entries(appointmentColumns),
    ['mine', sql`coalesce(${appointments.employeeId} = ${viewer}, false)`],
    [
      'allDay',
      sql`(extract(hour from ${appointments.startDate}) <= 9 and extract(hour from ${appointments.endDate}) >= 18
        and ${appointments.startDate} < ${appointments.endDate})`,
    ],
  ];
  return sql`json_build_object(${sql.join(
    fields.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
};

/** How long before a range an appointment that overlaps it may start, read by start; longer ones have their own index. */
const LONG = sql.raw(`interval '7 days'`);

type Bound = Placeholder | SQL | string;

/**
 * Appointments that overlap [from, to) (wall-clock timestamps), as two parts that never hold the same one: those that
 * start in the week before `from` or later, a short range of the (employee, start) index, and the few that last longer
 * than a week and started before that, from their own partial index (migration 0014). Without the first bound every
 * appointment of the rep before `to` was read and dropped one by one: 285 rows for a week's 40 in the bench. Read
 * apart (a union) where the bounds come from another table's rows, for which PostgreSQL does not combine the two
 * indexes of `overlapping`'s `or` (decision 091).
 */
export function overlappingApart(from: Bound, to: Bound): [SQL, SQL] {
  const start = appointments.startDate;
  const end = appointments.endDate;
  const overlaps = and(lt(start, sql`${to}::timestamp`), gt(end, sql`${from}::timestamp`))!;
  const weekBefore = sql`${from}::timestamp - ${LONG}`;
  return [and(overlaps, gte(start, weekBefore))!, and(overlaps, sql`${end} > ${start} + ${LONG}`, lt(start, weekBefore))!];
}

/** The appointments that overlap [from, to): overlappingApart's two parts in one condition. */
export const overlapping = (from: Bound, to: Bound): SQL => or(...overlappingApart(from, to))!;
