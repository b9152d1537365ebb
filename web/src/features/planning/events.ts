// The calendar's rules (spec §3 "Calendar event shown"): title, all-day, colours, and how times read in Dutch.
import type { EventInput } from '@fullcalendar/core';
import type { Appointment, Employee } from '@prospectie/contract';
import { isAllDay } from '@prospectie/contract/dates';
import type { ShownAppointment } from './pendingAppointments';
import { nlCalendar } from '../../i18n/nlCalendar';
import { nlPlanning } from '../../i18n/nlPlanning';
import { compareDutch } from '../../lib/format';
export { formatDateTime } from '../../lib/format';

import type { EventColour } from './colours';
export { COLLEAGUE_COLOURS, colleagueColour, OVERFLOW_COLOUR, OWN_COLOUR, type EventColour } from './colours';

export function eventTitle({ name, remarks }: Pick<Appointment, 'name' | 'remarks'>): string {
  return name?.trim() || remarks?.trim() || nlCalendar.noDetails;
}

/** 'YYYY-MM-DD' of the day after a local date-time, the exclusive end of an all-day event. */
function dayAfter(localDateTime: string): string {
  const [y, m, d] = localDateTime.slice(0, 10).split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}

/** Whose calendar an event belongs to, as the dialog and legend name it. */
export interface CalendarOwner {
  employeeId: number;
  label: string;
  colour: EventColour;
}

export interface AppointmentEventProps {
  appointment: ShownAppointment;
  owner: CalendarOwner;
}

/** One appointment as the calendar draws it: local 'YYYY-MM-DD[THH:mm:ss]' times (an all-day end is exclusive). */
export interface AppointmentEvent extends EventInput {
  id: string;
  title: string;
  allDay: boolean;
  start: string;
  end: string;
  extendedProps: AppointmentEventProps;
}

/** A done appointment (a visit was recorded from it) wears this mark before its title in every view. */
export const DONE_MARK = nlPlanning.doneMark;

/** The calendar's title: the mark of a done appointment, then the title. */
export const shownTitle = (appointment: ShownAppointment) =>
  appointment.prospectionId !== null ? `${DONE_MARK} ${eventTitle(appointment)}` : eventTitle(appointment);

/** The same appointment in any view and across a refresh, also before the server gave it a number. */
export const eventId = (employeeId: number, appointment: ShownAppointment) => `${employeeId}-${appointment.id || appointment.clientId}`;

/**
 * Calendar events for one owner's appointments. `canMove`: the rep may drag and resize them (her own, on a wide
 * screen); a done appointment stays where its visit happened, a colleague's is never moved.
 */
export function toCalendarEvents(appointments: readonly ShownAppointment[], owner: CalendarOwner, canMove = false): AppointmentEvent[] {
  return appointments.map((appointment): AppointmentEvent => {
    const allDay = isAllDay(appointment.startDate, appointment.endDate);
    const extendedProps: AppointmentEventProps = { appointment, owner };
    const done = appointment.prospectionId !== null;
    return {
      id: eventId(owner.employeeId, appointment),
      title: shownTitle(appointment),
      allDay,
      // An all-day event covers whole days: from its first day up to (not including) the day after its last.
      start: allDay ? appointment.startDate.slice(0, 10) : appointment.startDate,
      end: allDay ? dayAfter(appointment.endDate) : appointment.endDate,
      backgroundColor: owner.colour.background,
      borderColor: owner.colour.background,
      textColor: owner.colour.text,
      editable: canMove && appointment.mine && !done,
      classNames: [done ? 'appointment-done' : '', appointment.pending ? 'appointment-pending' : ''].filter(Boolean),
      extendedProps,
    };
  });
}

/** The colleagues one can compare with: everyone else with an id and a name, sorted by name. */
export function colleaguesOf(employees: readonly Employee[], ownEmployeeId: number | undefined): Employee[] {
  return employees
    .filter((e) => Number.isInteger(e.id) && Boolean(e.name?.trim()) && e.id !== ownEmployeeId)
    .sort((a, b) => compareDutch(a.name, b.name) || compareDutch(a.firstName, b.firstName));
}

/** A local date as the 'YYYY-MM-DD' the appointments API takes. */
export function toIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
