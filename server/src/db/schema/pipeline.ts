// Where each shop stands for each FC70 brand, and how it got there (docs/decisions/066-pipeline-per-shop-and-brand.md).
// The current status is kept beside its history so Home, the shop page and the map read one row per shop and brand.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { NOT_INTERESTED_REASONS, PIPELINE_SOURCES, PIPELINE_STATUSES } from '@prospectie/contract/pipeline';
import { createdAt } from './columns.js';
import { employees } from './people.js';
import { shops } from './places.js';
import { brands, prospections } from './visits.js';

const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** The FC70 brands a visit's Algemeen step picked as terminated (the free text beside it is never parsed). */
export const prospectionTerminatedBrands = pgTable(
  'prospection_terminated_brands',
  {
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
  },
  (t) => [primaryKey({ columns: [t.prospectionId, t.brandId] })],
);

export const pipelineStatuses = pgTable(
  'pipeline_statuses',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    status: varchar('status', { length: 20 }).notNull(),
    /** The day it took this status: the visit's date, or the day a rep set it. */
    since: date('since', { mode: 'string' }).notNull(),
    /** A rep set it: a visit dated before `since` leaves it alone. */
    explicit: boolean('explicit').notNull().default(false),
    reason: varchar('reason', { length: 20 }),
    reasonText: varchar('reason_text', { length: TEXT_LIMITS.reasonText }),
    nextStep: varchar('next_step', { length: TEXT_LIMITS.nextStep }),
    nextStepDate: date('next_step_date', { mode: 'string' }),
    /** Who follows the next step up: the rep who planned it. */
    nextStepEmployeeId: integer('next_step_employee_id').references(() => employees.id),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.brandId] }),
    check('pipeline_statuses_status', oneOf('status', PIPELINE_STATUSES)),
    check('pipeline_statuses_reason', oneOf('reason', NOT_INTERESTED_REASONS)),
    index('pipeline_statuses_next_step').on(t.nextStepEmployeeId, t.nextStepDate),
  ],
);

export const pipelineHistory = pgTable(
  'pipeline_history',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    /** The day it counts for. */
    on: date('on', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    /** Who: the rep of the visit or who set it; none for the import. */
    employeeId: integer('employee_id').references(() => employees.id),
    prospectionId: integer('prospection_id').references(() => prospections.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 20 }),
    reasonText: varchar('reason_text', { length: TEXT_LIMITS.reasonText }),
    dateCreated: createdAt(),
  },
  (t) => [
    check('pipeline_history_to', oneOf('to_status', PIPELINE_STATUSES)),
    check('pipeline_history_source', oneOf('source', PIPELINE_SOURCES)),
    index('pipeline_history_shop').on(t.shopId, t.id),
    index('pipeline_history_prospection').on(t.prospectionId),
  ],
);

/** Each replay of the visits (the first one runs right after the migration that made these tables). */
export const pipelineReplays = pgTable('pipeline_replays', {
  id: serial('id').primaryKey(),
  shops: integer('shops').notNull(),
  visits: integer('visits').notNull(),
  dateCreated: createdAt(),
});
