// Appointment changes that wait in the outbox, drawn over what the server last said, so the calendar shows a plan
// made or moved without signal at once (decision 028). Pure: the outbox items come in, the list as the rep sees it goes out.
import type { Appointment, AppointmentCreate, AppointmentUpdate } from '@prospectie/contract';
import { isAllDay } from '@prospectie/contract/dates';
import type { OutboxItem } from '../../offline/outbox';

/** One change of an appointment as the outbox keeps it (its `draft`): enough to draw it and to name it. */
export type AppointmentChange =
  | { op: 'create'; body: AppointmentCreate; shopName: string | null }
  | { op: 'update'; ref: string; body: AppointmentUpdate; shopName?: string | null }
  | { op: 'delete'; ref: string };

/** An appointment as the calendar draws it: `pending` while a change of it waits for a connection. */
export type ShownAppointment = Appointment & { pending?: boolean };

const matches = (a: Appointment, ref: string) => String(a.id) === ref || a.clientId === ref;
const withSeconds = (v: string) => (v.length === 16 ? `${v}:00` : v);
/** The contract's input type lets a shop id be anything that coerces to a number. */
const shopIdOf = (shopId: unknown) => (shopId === null || shopId === undefined ? null : Number(shopId));

/** The appointment a waiting create will make, as the server would answer it. */
function created(change: Extract<AppointmentChange, { op: 'create' }>, employeeId: number): ShownAppointment {
  const { body } = change;
  const startDate = withSeconds(body.startDate);
  const endDate = withSeconds(body.endDate);
  return {
    id: 0,
    clientId: body.clientId,
    employeeId,
    mine: true,
    name: body.name || change.shopName,
    remarks: body.remarks ?? null,
    startDate,
    endDate,
    allDay: body.allDay ?? isAllDay(startDate, endDate),
    shopId: shopIdOf(body.shopId),
    shopName: change.shopName,
    prospectionId: null,
    sequence: 0,
    pending: true,
  };
}

function updated(appointment: Appointment, change: Extract<AppointmentChange, { op: 'update' }>): ShownAppointment {
  const { body } = change;
  const startDate = body.startDate ? withSeconds(body.startDate) : appointment.startDate;
  const endDate = body.endDate ? withSeconds(body.endDate) : appointment.endDate;
  return {
    ...appointment,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.remarks !== undefined ? { remarks: body.remarks } : {}),
    ...(body.shopId !== undefined ? { shopId: shopIdOf(body.shopId), shopName: change.shopName ?? null } : {}),
    startDate,
    endDate,
    allDay: body.allDay ?? isAllDay(startDate, endDate),
    pending: true,
  };
}

/** The rep's waiting appointment changes, oldest first. */
export function waitingAppointmentChanges(items: readonly OutboxItem[], userId: number | undefined): AppointmentChange[] {
  return items
    .filter((i) => i.kind === 'appointment' && i.userId === userId && i.state === 'waiting')
    .map((i) => i.draft as AppointmentChange);
}

/**
 * The rep's own appointments with her waiting changes applied in the order she made them: a create adds (once,
 * also when the server already has it), a move or edit changes, a removal takes away.
 */
export function withPendingChanges(
  appointments: readonly Appointment[],
  changes: readonly AppointmentChange[],
  employeeId: number,
): ShownAppointment[] {
  if (changes.length === 0) return appointments as ShownAppointment[];
  let shown: ShownAppointment[] = [...appointments];
  for (const change of changes) {
    if (change.op === 'create') {
      if (!shown.some((a) => a.clientId === change.body.clientId)) shown.push(created(change, employeeId));
    } else if (change.op === 'update') {
      shown = shown.map((a) => (matches(a, change.ref) ? updated(a, change) : a));
    } else {
      shown = shown.filter((a) => !matches(a, change.ref));
    }
  }
  return shown;
}
