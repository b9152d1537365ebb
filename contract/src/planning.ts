// Planning (issue 23): appointments of our own, their link to a visit, Home's Vandaag and Te bezoeken, a shop's
// plan, the iCalendar feed for the phone's calendar, and the .ics import. Every time is a Europe/Brussels
// wall-clock time without zone, `YYYY-MM-DDTHH:mm` (the server answers `YYYY-MM-DDTHH:mm:ss`).
//
// Routes (all under /api; every write needs the x-prospectie-client header; "owner" is the employee of the
// session, never one named in the request; a write may carry an Idempotency-Key like the visit's):
//
//   GET    /employees/:id/appointments[?from&to]   → 200 Appointment[]                   employee_not_found
//          (as before, each now with clientId, employeeId, mine, shopId, shopName, prospectionId, allDay, sequence)
//   POST   /appointments        body AppointmentCreate                                  no_employee, shop_not_found,
//          → 201 Appointment (new) | 200 Appointment (this clientId was stored before:    idempotency codes,
//            the stored appointment as it is now, nothing changed)                       constraint codes
//   PATCH  /appointments/:ref   body AppointmentUpdate (at least one field)  → 200 Appointment
//          :ref is the numeric id OR the clientId (UUID) given at creation, so an offline create followed by an
//          offline move works (the outbox sends them in order). Raises `sequence`.
//          appointment_not_found (404), not_own_appointment (403), shop_not_found, appointment_end_before_start,
//          no_employee, idempotency codes, constraint codes
//   DELETE /appointments/:ref   → 204; also 204 when it is gone already (an outbox retry is safe);
//          not_own_appointment (403) for a colleague's; no_employee, idempotency codes
//   POST   /appointments/import body: the .ics file itself, Content-Type text/calendar, at most 2 MB
//          → 200 IcsImportResult {added, updated, unchanged, skipped when none fell in the window}; events keyed by UID + occurrence start
//          (RECURRENCE-ID), so the same file twice adds nothing; UTC / other TZID converted to Brussels time;
//          recurring events expanded from 30 days back to a year ahead.
//          invalid_ics (400, nothing changed), ics_too_many_events (400: over ICS_MAX_APPOINTMENTS),
//          ics_too_many_file_events (400: over ICS_MAX_FILE_EVENTS), ics_recurrence_too_long (400: over
//          ICS_MAX_RECURRENCE_STEPS), file_too_complex (422: past the deadline or memory of file work), server_busy
//          (503), too_many_requests (429, Retry-After), no_employee, body_too_large, unsupported_media_type
//   POST   /shops/:id/prospections (the whole visit) accepts `appointmentId` (numeric id or clientId): the rep's
//          own appointment, linked to the visit (prospectionId) in the same statement. A colleague's →
//          403 not_own_appointment, an appointment of another shop → 400 appointment_other_shop, nothing saved;
//          one that no longer exists → the visit is saved unlinked; one linked already keeps its first visit.
//   GET    /me/today            → 200 Appointment[]: today's (Brussels) appointments of the rep, by start  no_employee
//   GET    /me/due-shops        → 200 DueShops: the rep's portfolio (shops assigned to her, or visited by her in
//          the last two years) that nobody visited for DUE_AFTER_DAYS days or more, most overdue first
//          (never visited first, then the oldest last visit), at most 200                  no_employee
//   GET    /shops/:id/plan      → 200 ShopPlan {nextAppointment (anyone's, from now on), lastVisit}  shop_not_found
//   GET    /calendar/subscription  → 200 CalendarSubscription {active, createdAt}          no_employee
//   POST   /calendar/subscription  → 201 CalendarSubscriptionCreated {url, createdAt}: switches the feed on or
//          renews it; the url (with its token) is shown ONCE, the server keeps only a hash; a renewal makes the
//          previous url answer 404                                                         no_employee
//   DELETE /calendar/subscription  → 204: revoked, the url answers 404                     no_employee
//   GET    /calendar/feed/:token.ics   PUBLIC (the token is the credential) → 200 text/calendar (RFC 5545):
//          the owner's appointments from 30 days back to a year ahead; ETag, 304 on If-None-Match,
//          Cache-Control private. Unknown or revoked token → 404 feed_not_found.
import { z } from 'zod';
import { plainText, rule } from './text';

const positiveId = z.coerce.number().int().positive().max(2147483647);
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
export const appointmentRef = z.union([positiveId, clientId]);
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
  shopId: positiveId.nullish(),
  /** Left out or empty with a shop: the shop's name. */
  name: plainText(200).trim().nullish(),
  remarks: plainText(2000).nullish(),
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
