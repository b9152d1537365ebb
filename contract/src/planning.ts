// Planning (decision 028): appointments of our own, their link to a visit, Home's Vandaag and Te bezoeken, a shop's
// plan, the iCalendar feed for the phone's calendar, and the .ics import. Every time is a Europe/Brussels
// wall-clock time without zone, `YYYY-MM-DDTHH:mm` (the server answers `YYYY-MM-DDTHH:mm:ss`).
//
// Each endpoint (method, path, body, answers, codes, Idempotency-Key) is declared once in ./endpoints/planning.ts. A
// PATCH or DELETE names an appointment by its numeric id or by the clientId given at creation, so an offline create
// followed by an offline move works (the outbox sends them in order); the visit's own POST accepts an `appointmentId`
// the same way and links the two in one statement.
import { z } from 'zod';
import { windowLeft } from './seasons';
import { id } from './ids';
import { TEXT_LIMITS } from './limits';
import { plainText, rule } from './text';

/** A wall-clock time in Brussels: `YYYY-MM-DDTHH:mm` (seconds allowed, ignored). */
export const wallClock = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'verwacht een datum en tijd als JJJJ-MM-DDTUU:MM')
  .refine((v) => {
    const [y, mo, d, h, mi] = v.split(/[-T:]/).map(Number);
    const day = new Date(Date.UTC(y, mo - 1, d));
    return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60;
  }, 'geen bestaande datum of tijd');
/** An id made on the device (crypto.randomUUID or lib/randomKey), unique per employee. */
export const clientId = z.string().uuid();
/** An appointment as the path or a visit names it: its numeric id, or the clientId given at creation. */
export const appointmentRef = z.union([id, clientId]);
export const appointmentRefParam = z.object({ ref: appointmentRef });

/** One appointment as every read answers it. */
export const appointment = z.object({
  id: z.number().int(),
  /** The device's id, null for appointments not made in the app (demo data, older rows). */
  clientId: z.string().nullable(),
  employeeId: z.number().int(),
  /** Whether it belongs to the employee of the session (only then may it be changed). */
  mine: z.boolean(),
  name: z.string().nullable(),
  remarks: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Spec §3: starts at or before 09:xx, ends at or after 18:xx, starts before it ends. */
  allDay: z.boolean(),
  shopId: z.number().int().nullable(),
  shopName: z.string().nullable(),
  /** The visit made from it: set means done. */
  prospectionId: z.number().int().nullable(),
  /** Raised on every change (iCalendar SEQUENCE). */
  sequence: z.number().int(),
});
export type Appointment = z.infer<typeof appointment>;

const appointmentFields = {
  shopId: id.nullish(),
  /** Left out or empty with a shop: the shop's name. */
  name: plainText(TEXT_LIMITS.appointmentName).trim().nullish(),
  remarks: plainText(TEXT_LIMITS.appointmentRemarks).nullish(),
  startDate: wallClock,
  endDate: wallClock,
  /**
   * All day: only the dates of startDate and endDate count (first and last day, inclusive); stored from 00:00
   * of the first day to 23:59 of the last, which the spec's all-day rule reads as all-day.
   */
  allDay: z.boolean().optional(),
};
const endsAfterStart = (a: { startDate?: string; endDate?: string; allDay?: boolean }) =>
  !a.startDate || !a.endDate || (a.allDay ? a.startDate.slice(0, 10) <= a.endDate.slice(0, 10) : a.startDate < a.endDate);
const endAfterStart = { ...rule('appointment_end_before_start'), path: ['endDate'] };

export const appointmentCreate = z.object({ clientId, ...appointmentFields }).refine(endsAfterStart, endAfterStart);
export type AppointmentCreate = z.input<typeof appointmentCreate>;

/** A move, resize or edit: only the fields sent change (shopId null unlinks the shop). */
export const appointmentUpdate = z
  .object({
    shopId: appointmentFields.shopId,
    name: appointmentFields.name,
    remarks: appointmentFields.remarks,
    startDate: wallClock.optional(),
    endDate: wallClock.optional(),
    allDay: z.boolean().optional(),
  })
  .refine((a) => Object.values(a).some((v) => v !== undefined), rule('nothing_to_change'))
  .refine(endsAfterStart, endAfterStart);
export type AppointmentUpdate = z.input<typeof appointmentUpdate>;

export const icsImportResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Sent when none of the file's events falls in the window: how many events it holds that were passed over. */
  skipped: z.number().int().optional(),
});
export type IcsImportResult = z.infer<typeof icsImportResult>;
/** The largest .ics file the import takes. */
export const ICS_MAX_BYTES = 2 * 1024 * 1024;
/** Events (VEVENTs) in one .ics file at most: an Outlook export of years of meetings holds some 5,000. */
export const ICS_MAX_FILE_EVENTS = 10_000;
/** Appointments one import makes at most, after expanding recurrences within the window. */
export const ICS_MAX_APPOINTMENTS = 5_000;
/**
 * Steps taken through recurrence rules in one file at most, counting every step (also those before the window), so a
 * weekly meeting since 2009 passes and a daily rule since 1900 in every event does not.
 */
export const ICS_MAX_RECURRENCE_STEPS = 500_000;

export const dueShop = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  city: z.string().nullable(),
  /** The last visit by anyone, null when never visited. */
  lastVisitDate: z.string().nullable(),
  lastVisitBy: z.string().nullable(),
  /** Days since the last visit, null when never visited. */
  daysSince: z.number().int().nullable(),
  /** Assigned to the rep by the administration (otherwise in her portfolio because she visited it). */
  assigned: z.boolean(),
  /** The start (Brussels wall-clock) of her next planned visit there not yet made, null when none is planned. */
  plannedAt: z.string().nullable(),
  /**
   * Interested or in talks for a brand whose pre-order window is open (decision 068): the one closing soonest, with the
   * days left. Such shops come first, also when visited lately.
   */
  window: windowLeft.nullable(),
});
export type DueShop = z.infer<typeof dueShop>;
export const dueShops = z.object({ dueAfterDays: z.number().int(), shops: z.array(dueShop) });
export type DueShops = z.infer<typeof dueShops>;

export const shopPlan = z.object({
  nextAppointment: z
    .object({
      id: z.number().int(),
      startDate: z.string(),
      endDate: z.string(),
      employeeId: z.number().int(),
      employeeName: z.string(),
      mine: z.boolean(),
    })
    .nullable(),
  lastVisit: z.object({ id: z.number().int(), visitDate: z.string(), employeeId: z.number().int(), employeeName: z.string() }).nullable(),
});
export type ShopPlan = z.infer<typeof shopPlan>;

export const calendarSubscription = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarSubscription = z.infer<typeof calendarSubscription>;
export const calendarSubscriptionCreated = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarSubscriptionCreated = z.infer<typeof calendarSubscriptionCreated>;
