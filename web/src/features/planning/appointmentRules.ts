// The rules of planning a visit (decision 028): the appointment form's values, its checks in the rep's words,
// and the wall-clock times (Europe/Brussels, no zone) the appointments API takes. Pure, so tested without a screen.
import type { Appointment, AppointmentCreate, AppointmentUpdate } from '@prospectie/contract';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { nlPlanning } from '../../i18n/nlPlanning';

/** A new plan lasts an hour unless the rep says otherwise. */
export const DEFAULT_DURATION_MINUTES = 60;
export const MIN_DURATION_MINUTES = 5;
/** Longer than a working day is not a visit; a day off is planned as a whole day in Outlook. */
export const MAX_DURATION_MINUTES = 12 * 60;
/** The contract's limits of an appointment's name and remarks. */
export const TITLE_MAX = TEXT_LIMITS.appointmentName;
export const REMARKS_MAX = TEXT_LIMITS.appointmentRemarks;

export interface AppointmentFormValues {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  start: string;
  /** Minutes, as typed. */
  duration: string;
  title: string;
  remarks: string;
  shopId: number | null;
  /** Shown as the title's default while the title is empty. */
  shopName: string | null;
}

export type AppointmentFormErrors = Partial<Record<'date' | 'start' | 'duration' | 'title' | 'remarks', string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's wall-clock 'YYYY-MM-DDTHH:mm' as the device reads it (the calendar works in the device's time, Brussels for a rep). */
export function toWallClock(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'YYYY-MM-DDTHH:mm[:ss]' plus minutes, by the wall clock (a day is 24 hours here, whatever the clocks do). */
export function addMinutes(wallClock: string, minutes: number): string {
  const [y, mo, d, h, mi] = wallClock.split(/[-T:]/).map(Number);
  const moved = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  return moved.toISOString().slice(0, 16);
}

/** Minutes from one wall-clock time to another. */
export function minutesBetween(from: string, to: string): number {
  const at = (v: string) => {
    const [y, mo, d, h, mi] = v.split(/[-T:]/).map(Number);
    return Date.UTC(y, mo - 1, d, h, mi);
  };
  return Math.round((at(to) - at(from)) / 60_000);
}

/** A new plan: on `date` at `start` for an hour, titled after the shop when there is one. */
export function newPlan({
  date,
  start = '09:00',
  duration = DEFAULT_DURATION_MINUTES,
  shop = null,
}: {
  date: string;
  start?: string;
  duration?: number;
  shop?: { id: number; name: string } | null;
}): AppointmentFormValues {
  return { date, start, duration: String(duration), title: '', remarks: '', shopId: shop?.id ?? null, shopName: shop?.name ?? null };
}

/** The form filled with an appointment, to change it. */
export function planOf(appointment: Appointment): AppointmentFormValues {
  const start = appointment.startDate.slice(0, 16);
  const end = appointment.endDate.slice(0, 16);
  // The title field stays empty when it is only the shop's own name, so it keeps following the shop.
  const ownTitle = appointment.name && appointment.name !== appointment.shopName ? appointment.name : '';
  return {
    date: start.slice(0, 10),
    start: start.slice(11, 16),
    duration: String(Math.max(minutesBetween(start, end), MIN_DURATION_MINUTES)),
    title: ownTitle,
    remarks: appointment.remarks ?? '',
    shopId: appointment.shopId,
    shopName: appointment.shopName,
  };
}

/** A YYYY-MM-DD that exists (Date.parse takes 30 February and makes it 2 March). */
function isDate(v: string): boolean {
  const day = new Date(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}
const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** Every field the rep must change before the plan can be saved, with the reason in her words. */
export function checkPlan(values: AppointmentFormValues): AppointmentFormErrors {
  const errors: AppointmentFormErrors = {};
  if (!isDate(values.date)) errors.date = nlPlanning.form.dateMissing;
  if (!isTime(values.start)) errors.start = nlPlanning.form.startMissing;
  const duration = Number(values.duration);
  if (values.duration.trim() === '' || !Number.isInteger(duration) || duration < MIN_DURATION_MINUTES || duration > MAX_DURATION_MINUTES)
    errors.duration = nlPlanning.form.durationRange(MIN_DURATION_MINUTES, MAX_DURATION_MINUTES / 60);
  if (values.title.length > TITLE_MAX) errors.title = nlPlanning.form.tooLong(values.title.length, TITLE_MAX);
  if (values.remarks.length > REMARKS_MAX) errors.remarks = nlPlanning.form.tooLong(values.remarks.length, REMARKS_MAX);
  if (!errors.title && !values.title.trim() && values.shopId === null && !values.remarks.trim())
    errors.title = nlPlanning.form.titleMissing;
  return errors;
}

/** The start and end the form describes. */
export function timesOf(values: AppointmentFormValues): { startDate: string; endDate: string } {
  const startDate = `${values.date}T${values.start}`;
  return { startDate, endDate: addMinutes(startDate, Number(values.duration)) };
}

/** What the form sends for a new appointment; `clientId` is made on the device (offline creates and moves both arrive). */
export function toCreate(values: AppointmentFormValues, clientId: string): AppointmentCreate {
  return {
    clientId,
    ...timesOf(values),
    shopId: values.shopId,
    // Empty with a shop: the server names it after the shop.
    name: values.title.trim() || null,
    remarks: values.remarks.trim() || null,
  };
}

/** What the form sends to change an appointment: all its fields, as the rep sees them. */
export function toUpdate(values: AppointmentFormValues): AppointmentUpdate {
  return {
    ...timesOf(values),
    shopId: values.shopId,
    name: values.title.trim() || values.shopName || null,
    remarks: values.remarks.trim() || null,
  };
}

// Said once for the app and the page the server writes (decision 073).
export { appointmentRef, startVisitPath, visitDateOf } from '@prospectie/contract/first-screen-today';
