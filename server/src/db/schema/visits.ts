// Visits (prospections), the brands they name and their kinds (docs/decisions/062-database-schema.md).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, lookupTable } from './columns.js';
import { employees, users } from './people.js';
import { shops } from './places.js';

/**
 * A deactivated brand stays on the visits that name it but leaves the wizard's lists; a merged one is
 * deactivated and points at the brand it was merged into, so a visit sent later from a device's outbox with
 * the old id is saved under the new one (decision 029).
 */
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  active: boolean('active').notNull().default(true),
  mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => brands.id),
});

export const competitorBrands = pgTable('competitor_brands', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  active: boolean('active').notNull().default(true),
  mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => competitorBrands.id),
});

export const contactTypes = lookupTable('contact_types');
export const visitTypes = lookupTable('visit_types');

export const prospections = pgTable(
  'prospections',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userCreatedId: integer('user_created_id')
      .notNull()
      .references(() => users.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    dateCreated: createdAt(),
    dateLastUpdated: timestamp('date_last_updated', { withTimezone: true, mode: 'string' }),
    contactTypeId: integer('contact_type_id')
      .notNull()
      .references(() => contactTypes.id),
    contactName: varchar('contact_name', { length: 200 }),
    contactEmail: varchar('contact_email', { length: 320 }),
    contactPhone: varchar('contact_phone', { length: 50 }),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id),
    visitContext: varchar('visit_context', { length: 500 }),
    newBrands: text('new_brands'),
    bestBrands: text('best_brands'),
    worstBrands: text('worst_brands'),
    terminatedBrands: text('terminated_brands'),
    trends: text('trends'),
    extra: text('extra'),
  },
  (t) => [
    // The migration 0002 adds INCLUDE (visit_type_id, employee_id) for index-only visit lists: drizzle has no INCLUDE.
    index('prospections_shop_visit_idx').on(t.shopId, t.visitDate.desc(), t.id.desc()),
    // A rep's visits by date: the overview's rep filter and the coverage's portfolios (decision 033).
    index('prospections_employee_idx').on(t.employeeId, t.visitDate),
    // The overview's period and the export's keyset (visit date, id); the migration 0008 adds INCLUDE (employee_id,
    // visit_type_id, shop_id) so the per-week and per-type counts read the index alone, and (shop_id) to the one above.
    index('prospections_visit_date_idx').on(t.visitDate, t.id),
    // The overview's terminated-brand mentions by date (decision 077): the few visits that name one, not every visit.
    index('prospections_terminated_idx')
      .on(t.visitDate, t.id)
      .where(sql`nullif(trim(${t.terminatedBrands}), '') is not null`),
  ],
);

export const prospectionBrands = pgTable(
  'prospection_brands',
  {
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    // One decimal, 0.0-100.0: numeric, read as a number.
    sellout: numeric('sellout', { precision: 4, scale: 1, mode: 'number' }),
    selloutRemark: varchar('sellout_remark', { length: 500 }),
  },
  (t) => [
    primaryKey({ columns: [t.prospectionId, t.brandId] }),
    check('prospection_brands_sellout_check', sql`${t.sellout} between 0 and 100`),
  ],
);

export const prospectionCompetitorBrands = pgTable(
  'prospection_competitor_brands',
  {
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    competitorBrandId: integer('competitor_brand_id')
      .notNull()
      .references(() => competitorBrands.id),
  },
  (t) => [primaryKey({ columns: [t.prospectionId, t.competitorBrandId] })],
);

export const prospectionBrandInterests = pgTable(
  'prospection_brand_interests',
  {
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [primaryKey({ columns: [t.prospectionId, t.brandId] })],
);
