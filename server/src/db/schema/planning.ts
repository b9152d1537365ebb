// A rep's planning: appointments, the calendar feed and the sample report (docs/decisions/008-calendar.md).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { employees } from './people.js';
import { shops } from './places.js';
import { prospections } from './visits.js';

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    name: varchar('name', { length: 200 }),
    remarks: text('remarks'),
    // Local wall-clock times: the all-day rule of spec §3 reads the hour as the rep sees it.
    startDate: timestamp('start_date', { mode: 'string' }).notNull(),
    endDate: timestamp('end_date', { mode: 'string' }).notNull(),
    /** The shop the visit is planned at (decision 028); its name is the default title. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    /** The visit made from it: set means done. */
    prospectionId: integer('prospection_id').references(() => prospections.id, { onDelete: 'set null' }),
    /** The iCalendar UID the feed gives it, stable for its whole life. */
    uid: text('uid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    /** The iCalendar SEQUENCE: raised on every change. */
    sequence: integer('sequence').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The id the device made, so an offline create and a later offline move both arrive, and a retried create once. */
    clientId: uuid('client_id'),
    /** For an appointment imported from an .ics file: the event's UID and occurrence (RECURRENCE-ID or start). */
    importKey: text('import_key'),
  },
  (t) => [
    index('appointments_employee_start_idx').on(t.employeeId, t.startDate),
    // The few appointments longer than a week, which a range read by start would miss (services/appointmentRows.ts).
    index('appointments_employee_long_idx')
      .on(t.employeeId, t.startDate)
      .where(sql`${t.endDate} > ${t.startDate} + interval '7 days'`),
    uniqueIndex('appointments_employee_client_idx').on(t.employeeId, t.clientId),
    uniqueIndex('appointments_employee_import_idx').on(t.employeeId, t.importKey),
    index('appointments_shop_start_idx').on(t.shopId, t.startDate),
    index('appointments_prospection_idx').on(t.prospectionId),
  ],
);

/** A personal calendar feed (decision 028): the token is in the URL the rep's phone polls; only its SHA-256 is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const prospectionReports = pgTable('prospection_reports', {
  id: serial('id').primaryKey(),
  employeeId: integer('employee_id')
    .notNull()
    .unique()
    .references(() => employees.id),
  content: text('content').notNull(),
});
