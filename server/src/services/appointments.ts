// Appointments of our own (decision 028): create, move or edit, delete, only by their owner; today's, the shops due
// for a visit, a shop's plan, and the appointment a visit was started from. Times are Brussels wall-clock.
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Appointment, appointmentCreate, appointmentUpdate, DueShops, ShopPlan } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { addresses, appointments, cities, contacts, employees, prospections, shops } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { appointmentColumns, overlapping, toAppointment, wallClockText } from './appointmentRows.js';
import { addDays, brusselsNow } from './brusselsTime.js';
import { employeeName } from './people.js';
import { resultRows } from '../db/rows.js';
import { textOrNull } from '@prospectie/contract/blank';
import { openWindows, windowLeft } from './seasons.js';
import { visitKeepsInPortfolio } from './portfolio.js';

type AppointmentCreate = z.infer<typeof appointmentCreate>;
type AppointmentUpdate = z.infer<typeof appointmentUpdate>;

/** The numeric id, or the clientId the device gave it. */
export type AppointmentRef = number | string;

export { addDays, brusselsNow } from './brusselsTime.js';

/** A wall-clock time as stored: seconds always, `HH:mm` gets `:00`. */
const withSeconds = (value: string) => (value.length === 16 ? `${value}:00` : value);

/**
 * The stored start and end: an all-day appointment runs from 00:00 of its first day to 23:59 of its last, which
 * spec §3's rule (starts at or before 09:xx, ends at or after 18:xx) reads as all-day.
 */
export function storedTimes(startDate: string, endDate: string, allDay: boolean | undefined) {
  if (allDay) return { start: `${startDate.slice(0, 10)}T00:00:00`, end: `${endDate.slice(0, 10)}T23:59:00` };
  return { start: withSeconds(startDate), end: withSeconds(endDate) };
}

const readOne = (db: Db | Tx) => db.select(appointmentColumns).from(appointments).leftJoin(shops, eq(shops.id, appointments.shopId));

async function readAppointment(db: Db | Tx, id: number, viewerId: number): Promise<Appointment> {
  const [row] = await readOne(db).where(eq(appointments.id, id));
  if (!row) throw new DomainError('appointment_not_found', 'appointment not found');
  return toAppointment(row, viewerId);
}

async function shopName(tx: Tx, shopId: number) {
  const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new DomainError('shop_not_found', 'shop not found', 'body.shopId');
  return shop.name;
}

/**
 * Creates the rep's appointment, once per clientId: a create arriving again (an outbox retry without its key)
 * answers 200 with the appointment as it is now and changes nothing.
 */
export async function createAppointment(
  tx: Tx,
  employeeId: number,
  body: AppointmentCreate,
): Promise<{ status: 200 | 201; body: Appointment }> {
  const clientId = body.clientId.toLowerCase();
  const name = textOrNull(body.name) ?? (body.shopId ? await shopName(tx, body.shopId) : null);
  if (body.shopId && textOrNull(body.name)) await shopName(tx, body.shopId);
  const { start, end } = storedTimes(body.startDate, body.endDate, body.allDay);
  const [created] = await tx
    .insert(appointments)
    .values({
      employeeId,
      clientId,
      shopId: body.shopId ?? null,
      name,
      remarks: textOrNull(body.remarks),
      startDate: start,
      endDate: end,
    })
    .onConflictDoNothing({ target: [appointments.employeeId, appointments.clientId] })
    .returning({ id: appointments.id });
  if (created) return { status: 201, body: await readAppointment(tx, created.id, employeeId) };
  const [existing] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.employeeId, employeeId), eq(appointments.clientId, clientId)));
  return { status: 200, body: await readAppointment(tx, existing.id, employeeId) };
}

/** The appointment by id or clientId, locked for the change; a colleague's is refused (403). */
async function ownAppointmentForChange(tx: Tx, employeeId: number, ref: AppointmentRef) {
  // A clientId is unique per employee: looked up among the rep's own first, so a colleague's equal one never answers.
  const where =
    typeof ref === 'number'
      ? eq(appointments.id, ref)
      : and(eq(appointments.employeeId, employeeId), eq(appointments.clientId, ref.toLowerCase()));
  const [row] = await tx
    .select({
      id: appointments.id,
      employeeId: appointments.employeeId,
      startDate: wallClockText(appointments.startDate),
      endDate: wallClockText(appointments.endDate),
      shopId: appointments.shopId,
      name: appointments.name,
    })
    .from(appointments)
    .where(where)
    .for('update');
  if (row && row.employeeId !== employeeId) throw new DomainError('not_own_appointment', 'only its owner changes an appointment');
  // Not hers by its clientId, but a colleague's: refused as the same call by number is, not taken as gone already.
  if (!row && typeof ref === 'string') {
    const [other] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.clientId, ref.toLowerCase()))
      .limit(1);
    if (other) throw new DomainError('not_own_appointment', 'only its owner changes an appointment');
  }
  return row;
}

/** A move, resize or edit by its owner; raises the SEQUENCE. */
export async function updateAppointment(tx: Tx, employeeId: number, ref: AppointmentRef, patch: AppointmentUpdate): Promise<Appointment> {
  const row = await ownAppointmentForChange(tx, employeeId, ref);
  if (!row) throw new DomainError('appointment_not_found', 'appointment not found');
  const startGiven = patch.startDate ?? row.startDate;
  const endGiven = patch.endDate ?? row.endDate;
  const { start, end } = storedTimes(startGiven, endGiven, patch.allDay);
  if (!(start < end)) throw new DomainError('appointment_end_before_start', 'the appointment ends before it starts', 'body.endDate');
  const shopId = patch.shopId === undefined ? row.shopId : patch.shopId;
  let name = patch.name === undefined ? row.name : textOrNull(patch.name);
  if (shopId !== null && shopId !== row.shopId) {
    const newShopName = await shopName(tx, shopId);
    if (patch.name === undefined && row.name === null) name = newShopName;
  }
  if (name === null && shopId !== null) name = await shopName(tx, shopId);
  await tx
    .update(appointments)
    .set({
      startDate: start,
      endDate: end,
      shopId,
      name,
      ...(patch.remarks !== undefined ? { remarks: textOrNull(patch.remarks) } : {}),
      sequence: sql`${appointments.sequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(appointments.id, row.id));
  return readAppointment(tx, row.id, employeeId);
}

/** Removes the owner's appointment; one that is gone already counts as removed (an outbox retry is safe). */
export async function deleteAppointment(tx: Tx, employeeId: number, ref: AppointmentRef): Promise<void> {
  const row = await ownAppointmentForChange(tx, employeeId, ref);
  if (row) await tx.delete(appointments).where(eq(appointments.id, row.id));
}

/**
 * The appointment a visit was started from, checked before the visit's statement: the rep's own and of the
 * visit's shop (or of none), else refused and nothing saved. Gone meanwhile: null, the visit is saved unlinked.
 */
export async function appointmentForVisit(db: Db, employeeId: number, shopId: number, ref: AppointmentRef): Promise<number | null> {
  const where =
    typeof ref === 'number'
      ? eq(appointments.id, ref)
      : and(eq(appointments.employeeId, employeeId), eq(appointments.clientId, ref.toLowerCase()));
  const [row] = await db
    .select({ id: appointments.id, employeeId: appointments.employeeId, shopId: appointments.shopId })
    .from(appointments)
    .where(where);
  if (!row) return null;
  if (row.employeeId !== employeeId)
    throw new DomainError('not_own_appointment', 'a visit links only its rep’s own appointment', 'body.appointmentId');
  if (row.shopId !== null && row.shopId !== shopId)
    throw new DomainError('appointment_other_shop', 'the appointment is planned at another shop', 'body.appointmentId');
  return row.id;
}

/** Today's appointments of the rep (those overlapping today in Brussels), by start. */
export async function todaysAppointments(db: Db, employeeId: number, now = new Date()): Promise<Appointment[]> {
  const today = brusselsNow(now).slice(0, 10);
  const rows = await readOne(db)
    .where(and(eq(appointments.employeeId, employeeId), overlapping(`${today}T00:00:00`, `${addDays(today, 1)}T00:00:00`)))
    .orderBy(asc(appointments.startDate), asc(appointments.id));
  return rows.map((row) => toAppointment(row, employeeId));
}

/** At most this many shops in Te bezoeken. */
export const DUE_SHOPS_LIMIT = 200;

/**
 * Te bezoeken: the rep's portfolio (portfolio.ts: the shops assigned to her, or that she visited in the last two years) that
 * nobody visited for `dueAfterDays` days or more; never visited first, then the longest ago.
 */
export async function dueShops(db: Db, employeeId: number, dueAfterDays: number, now = new Date()): Promise<DueShops> {
  const today = brusselsNow(now).slice(0, 10);
  const result = await db.execute(sql`
    with portfolio as (
      select id as shop_id, true as assigned from ${shops} where assigned_employee_id = ${employeeId}::int
      union all
      select distinct shop_id, false from ${prospections}
      where employee_id = ${employeeId}::int and ${visitKeepsInPortfolio(sql`visit_date`, today)}
    ),
    mine as (select shop_id, bool_or(assigned) as assigned from portfolio group by shop_id),
    last as (
      select distinct on (p.shop_id) p.shop_id, p.visit_date, p.employee_id
      from ${prospections} p join mine on mine.shop_id = p.shop_id
      order by p.shop_id, p.visit_date desc, p.id desc
    ),
    -- A window open for a brand the shop is interested in or in talks about (decision 068): the soonest closing.
    win as (
      select distinct on (w.shop_id) w.shop_id, w.season, w.ends_on
      from ${openWindows(today)} w join mine on mine.shop_id = w.shop_id
      order by w.shop_id, w.ends_on
    )
    select s.id as shop_id, win.season, to_char(win.ends_on, 'YYYY-MM-DD') as window_ends_on, s.name as shop_name, c.name as city, to_char(last.visit_date, 'YYYY-MM-DD') as last_visit_date,
      e.first_name, e.name as last_name, (${today}::date - last.visit_date) as days_since, mine.assigned,
      (select to_char(min(ap.start_date), 'YYYY-MM-DD"T"HH24:MI:SS') from ${appointments} ap
        where ap.shop_id = s.id and ap.employee_id = ${employeeId}::int and ap.prospection_id is null
          and ap.end_date > ${brusselsNow(now)}::timestamp) as planned_at
    from mine
    join ${shops} s on s.id = mine.shop_id
    left join last on last.shop_id = mine.shop_id
    left join ${employees} e on e.id = last.employee_id
    left join ${contacts} ct on ct.id = s.contact_id
    left join ${addresses} a on a.id = ct.address_id
    left join ${cities} c on c.id = a.city_id
    left join win on win.shop_id = mine.shop_id
    where win.shop_id is not null or last.visit_date is null or last.visit_date <= ${today}::date - ${dueAfterDays}::int
    order by win.ends_on asc nulls last, last.visit_date asc nulls first, s.name asc, s.id asc
    limit ${DUE_SHOPS_LIMIT}`);
  const rows = resultRows(result);
  return {
    dueAfterDays,
    shops: rows.map((r) => ({
      shopId: Number(r.shop_id),
      shopName: String(r.shop_name),
      city: (r.city as string | null) ?? null,
      lastVisitDate: (r.last_visit_date as string | null) ?? null,
      lastVisitBy:
        r.first_name === null || r.first_name === undefined
          ? null
          : employeeName({ firstName: r.first_name as string, name: r.last_name as string }),
      daysSince: r.days_since === null || r.days_since === undefined ? null : Number(r.days_since),
      assigned: r.assigned === true || r.assigned === 't',
      plannedAt: (r.planned_at as string | null) ?? null,
      window: windowLeft(r.season, r.window_ends_on, today),
    })),
  };
}

/** A shop's next planned visit (anyone's, not done, not over yet) and its last visit, with who. */
export async function shopPlan(db: Db, shopId: number, viewerId: number | null, now = new Date()): Promise<ShopPlan> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new DomainError('shop_not_found', 'shop not found');
  const [next] = await db
    .select({
      id: appointments.id,
      startDate: wallClockText(appointments.startDate),
      endDate: wallClockText(appointments.endDate),
      employeeId: appointments.employeeId,
      firstName: employees.firstName,
      name: employees.name,
    })
    .from(appointments)
    .innerJoin(employees, eq(employees.id, appointments.employeeId))
    .where(and(eq(appointments.shopId, shopId), isNull(appointments.prospectionId), gt(appointments.endDate, brusselsNow(now))))
    .orderBy(asc(appointments.startDate), asc(appointments.id))
    .limit(1);
  const [last] = await db
    .select({
      id: prospections.id,
      visitDate: prospections.visitDate,
      employeeId: prospections.employeeId,
      firstName: employees.firstName,
      name: employees.name,
    })
    .from(prospections)
    .innerJoin(employees, eq(employees.id, prospections.employeeId))
    .where(eq(prospections.shopId, shopId))
    .orderBy(desc(prospections.visitDate), desc(prospections.id))
    .limit(1);
  return {
    nextAppointment: next
      ? {
          id: next.id,
          startDate: next.startDate,
          endDate: next.endDate,
          employeeId: next.employeeId,
          employeeName: employeeName(next),
          mine: next.employeeId === viewerId,
        }
      : null,
    lastVisit: last ? { id: last.id, visitDate: last.visitDate, employeeId: last.employeeId, employeeName: employeeName(last) } : null,
  };
}
