// The planning endpoints: the rep's own appointments, Home's Vandaag and Te bezoeken, a shop's plan, the calendar feed
// and its subscription, the .ics import. What each field means: ../planning.ts.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS, FILE_WORK_ERRORS, IDEMPOTENCY_ERRORS } from '../errors';
import {
  appointment,
  appointmentCreate,
  appointmentRefParam,
  appointmentUpdate,
  calendarSubscription,
  calendarSubscriptionCreated,
  dueShops,
  ICS_MAX_BYTES,
  icsImportResult,
  shopPlan,
} from '../planning';
import { idParam } from '../ids';

export const createAppointment = endpoint({
  ...address.createAppointment,
  tags: ['calendar'],
  description: 'Creates an appointment of the signed-in rep, once per clientId: the same clientId again answers 200 with the stored one.',
  body: appointmentCreate,
  responses: { 201: appointment, 200: appointment },
  errors: ['no_employee', 'shop_not_found', ...IDEMPOTENCY_ERRORS, ...CONSTRAINT_ERRORS],
  idempotent: { scope: 'POST appointments' },
});

export const updateAppointment = endpoint({
  ...address.updateAppointment,
  tags: ['calendar'],
  description: 'Moves, resizes or edits an own appointment, by its id or its clientId; raises its SEQUENCE.',
  params: appointmentRefParam,
  body: appointmentUpdate,
  responses: { 200: appointment },
  errors: [
    'no_employee',
    'appointment_not_found',
    'not_own_appointment',
    'shop_not_found',
    'appointment_end_before_start',
    ...IDEMPOTENCY_ERRORS,
    ...CONSTRAINT_ERRORS,
  ],
  idempotent: { scope: 'PATCH appointments/:ref' },
});

export const deleteAppointment = endpoint({
  ...address.deleteAppointment,
  tags: ['calendar'],
  description: 'Removes an own appointment, by its id or its clientId; one that is gone already answers 204 too.',
  params: appointmentRefParam,
  responses: { 204: z.undefined().describe('removed') },
  errors: ['no_employee', 'not_own_appointment', ...IDEMPOTENCY_ERRORS],
  idempotent: { scope: 'DELETE appointments/:ref' },
});

export const importAppointments = endpoint({
  ...address.importAppointments,
  tags: ['calendar'],
  description:
    'Imports an .ics file (Content-Type text/calendar, at most 2 MB) as appointments of the rep: UID and occurrence key each ' +
    'event, so the same file twice adds nothing; recurring events expanded from 30 days back to a year ahead. Read in a ' +
    'file-work process with a deadline; skipped says how many events fell outside the window when none fell in it.',
  body: z.string(),
  responses: { 200: icsImportResult },
  errors: [
    'no_employee',
    'invalid_ics',
    'ics_too_many_events',
    'ics_too_many_file_events',
    'ics_recurrence_too_long',
    ...FILE_WORK_ERRORS,
    ...CONSTRAINT_ERRORS,
  ],
  bodyLimit: ICS_MAX_BYTES,
  heavy: true,
});

export const todaysAppointments = endpoint({
  ...address.todaysAppointments,
  tags: ['calendar'],
  description: "Today's appointments of the signed-in rep, by start.",
  responses: { 200: z.array(appointment) },
  errors: ['no_employee'],
});

export const dueShopsOfMine = endpoint({
  ...address.dueShopsOfMine,
  tags: ['calendar'],
  description: "Te bezoeken: the rep's shops nobody visited for DUE_AFTER_DAYS days, most overdue first.",
  responses: { 200: dueShops },
  errors: ['no_employee'],
});

export const shopPlanOf = endpoint({
  ...address.shopPlanOf,
  tags: ['shops'],
  description: "The shop's next planned visit (anyone's) and its last visit, with who.",
  params: idParam,
  responses: { 200: shopPlan },
  errors: ['shop_not_found'],
});

export const calendarSubscriptionStatus = endpoint({
  ...address.calendarSubscriptionStatus,
  tags: ['calendar'],
  responses: { 200: calendarSubscription },
  errors: ['no_employee'],
});

export const startCalendarSubscription = endpoint({
  ...address.startCalendarSubscription,
  tags: ['calendar'],
  description: 'Switches the feed on or renews it: the address with its token, shown this once; a previous address answers 404.',
  responses: { 201: calendarSubscriptionCreated },
  errors: ['no_employee'],
});

export const revokeCalendarSubscription = endpoint({
  ...address.revokeCalendarSubscription,
  tags: ['calendar'],
  description: 'Revokes the feed: its address answers 404.',
  responses: { 204: z.undefined() },
  errors: ['no_employee'],
});

/** Public: the token in the path is the credential (a phone's calendar sends no cookie). */
export const calendarFeed = endpoint({
  ...address.calendarFeed,
  tags: ['calendar'],
  description: 'The RFC 5545 calendar of a subscription: appointments from 30 days back to a year ahead. ETag; 304 on If-None-Match.',
  params: z.object({ token: z.string().max(100) }),
  responses: {
    200: z.string().describe('text/calendar'),
    304: z.undefined().describe('unchanged since the ETag sent: no body'),
  },
  errors: ['feed_not_found'],
  public: true,
});
