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

/** The row as the contract's Appointment, seen by the employee `viewerId` (null: an account without employee). */
export const toAppointment = (row: AppointmentRow, viewerId: number | null): Appointment => ({
  ...row,
  mine: row.employeeId === viewerId,
  allDay: isAllDay(row.startDate, row.endDate),
});

/** How long before a range an appointment that overlaps it may start, read by start; longer ones have their own index. */
const LONG = sql.raw(`interval '7 days'`);

/**
 * Appointments that overlap [from, to) (wall-clock timestamps): those that start in the week before `from` or later,
 * a short range of the (employee, start) index, and the few that last longer than a week, from their own partial
 * index (migration 0014). Without the first bound every appointment of the rep before `to` was read and dropped one
 * by one: 285 rows for a week's 40 in the bench.
 */
export function overlapping(from: Placeholder | string, to: Placeholder | string): SQL {
  const start = appointments.startDate;
  const end = appointments.endDate;
  return and(
    lt(start, sql`${to}::timestamp`),
    gt(end, sql`${from}::timestamp`),
    or(gte(start, sql`${from}::timestamp - ${LONG}`), sql`${end} > ${start} + ${LONG}`),
  )!;
}
