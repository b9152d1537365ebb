// The calendar's rules (spec §3 "Calendar event shown"): title, all-day, colours, and how times read in Dutch.
import type { EventInput } from '@fullcalendar/core';
import type { Appointment, Employee } from '@prospectie/contract';
import { nl } from '../../i18n/nl';

/** A background colour and a text colour that reads on it with at least WCAG AA contrast. */
export interface EventColour {
  background: string;
  text: string;
}

/** Spec §3: own appointments are yellow (CSS `yellow`, as the colleagues' colours are CSS names). */
export const OWN_COLOUR: EventColour = { background: '#ffff00', text: '#000000' };

/** Colleagues in selection order: tomato red, green, blue, orange, purple, pink. */
export const COLLEAGUE_COLOURS: readonly EventColour[] = [
  { background: '#ff6347', text: '#000000' },
  { background: '#008000', text: '#ffffff' },
  { background: '#0000ff', text: '#ffffff' },
  { background: '#ffa500', text: '#000000' },
  { background: '#800080', text: '#ffffff' },
  { background: '#ffc0cb', text: '#000000' },
];

/** From the seventh colleague on. */
export const OVERFLOW_COLOUR: EventColour = { background: '#808080', text: '#000000' };

export function colleagueColour(selectionIndex: number): EventColour {
  return COLLEAGUE_COLOURS[selectionIndex] ?? OVERFLOW_COLOUR;
}

export function eventTitle({ name, remarks }: Pick<Appointment, 'name' | 'remarks'>): string {
  return name?.trim() || remarks?.trim() || nl.calendar.noDetails;
}

/** 'YYYY-MM-DDTHH:mm:ss' → hour of the day. */
const hourOf = (localDateTime: string) => Number(localDateTime.slice(11, 13));

/** All-day when it starts at or before 09:xx, ends at or after 18:xx, and starts before it ends. */
export function isAllDay(startDate: string, endDate: string): boolean {
  return hourOf(startDate) <= 9 && hourOf(endDate) >= 18 && startDate < endDate;
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
  appointment: Appointment;
  owner: CalendarOwner;
}

export function toCalendarEvents(appointments: readonly Appointment[], owner: CalendarOwner): EventInput[] {
  return appointments.map((appointment) => {
    const allDay = isAllDay(appointment.startDate, appointment.endDate);
    const extendedProps: AppointmentEventProps = { appointment, owner };
    return {
      id: `${owner.employeeId}-${appointment.id}`,
      title: eventTitle(appointment),
      allDay,
      // An all-day event covers whole days: from its first day up to (not including) the day after its last.
      start: allDay ? appointment.startDate.slice(0, 10) : appointment.startDate,
      end: allDay ? dayAfter(appointment.endDate) : appointment.endDate,
      backgroundColor: owner.colour.background,
      borderColor: owner.colour.background,
      textColor: owner.colour.text,
      extendedProps,
    };
  });
}

/** The colleagues one can compare with: everyone else with an id and a name, sorted by name. */
export function colleaguesOf(employees: readonly Employee[], ownEmployeeId: number | undefined): Employee[] {
  return employees
    .filter((e) => Number.isInteger(e.id) && Boolean(e.name?.trim()) && e.id !== ownEmployeeId)
    .sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.firstName.localeCompare(b.firstName, 'nl'));
}

const dateTimeFormat = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A local 'YYYY-MM-DDTHH:mm:ss' as a Dutch date and time, e.g. 'maandag 6 januari 2025 om 08:30'. */
export function formatDateTime(localDateTime: string): string {
  return dateTimeFormat.format(new Date(localDateTime));
}

/** A local date as the 'YYYY-MM-DD' the appointments API takes. */
export function toIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
