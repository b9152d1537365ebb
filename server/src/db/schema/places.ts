// Shops and where they are: countries, cities, addresses, contacts (docs/decisions/062-database-schema.md).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { employees, users } from './people.js';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: varchar('name', { length: 100 }).notNull(),
    postalCode: varchar('postal_code', { length: 20 }).notNull(),
  },
  (t) => [index('cities_country_name_idx').on(t.countryId, t.name)],
);

export const addresses = pgTable('addresses', {
  id: serial('id').primaryKey(),
  street1: varchar('street1', { length: 200 }),
  cityId: integer('city_id')
    .notNull()
    .references(() => cities.id),
  postalCode: varchar('postal_code', { length: 20 }),
  userCreatedId: integer('user_created_id').references(() => users.id),
  dateCreated: createdAt(),
});

export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  addressId: integer('address_id').references(() => addresses.id),
  userCreatedId: integer('user_created_id').references(() => users.id),
  dateCreated: createdAt(),
});

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    shopTypeId: integer('shop_type_id').notNull().default(6),
    customerName: varchar('customer_name', { length: 200 }),
    ownerName: varchar('owner_name', { length: 200 }),
    contactId: integer('contact_id').references(() => contacts.id),
    isParallelSales: boolean('is_parallel_sales').notNull().default(false),
    userCreatedId: integer('user_created_id').references(() => users.id),
    dateCreated: createdAt(),
    /** The shop's rep, set by the administration's import (decision 030): her portfolio for Te bezoeken (decision 028). */
    assignedEmployeeId: integer('assigned_employee_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    /** The ERP's customer number (decision 030): the import upserts by it. Null for a shop a rep made in the field. */
    externalNumber: varchar('external_number', { length: 50 }).unique('shops_external_number_unique'),
    /**
     * Where the shop is (WGS 84), and where that came from: the ERP's import, the geocoder from its address, a rep
     * standing in it, or a beheerder's pin (docs/decisions/071-shop-coordinates-and-location.md).
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    coordinatesSource: varchar('coordinates_source', { length: 10 }),
    coordinatesAt: timestamp('coordinates_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('shops_assigned_employee_idx').on(t.assignedEmployeeId),
    // The geocoder's and the administration's list: the shops still without a place.
    index('shops_without_coordinates_idx')
      .on(t.id)
      .where(sql`${t.latitude} is null`),
    check(
      'shops_coordinates_check',
      sql`(${t.latitude} is null and ${t.longitude} is null and ${t.coordinatesSource} is null)
        or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180
          and ${t.coordinatesSource} in ('import', 'geocoder', 'rep', 'beheerder'))`,
    ),
  ],
);

/** What the geocoder answered for an address (decision 071): asked once, kept; null coordinates: not found. */
export const geocodedAddresses = pgTable('geocoded_addresses', {
  /** The address as asked: street, postal code, city, country, folded. */
  query: varchar('query', { length: 400 }).primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  dateCreated: createdAt(),
});

/** A shop's owner (5), buyer (6) and seller (7) contact details. */
export const shopContactInfo = pgTable(
  'shop_contact_info',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: smallint('code').notNull(),
    name: varchar('name', { length: 200 }),
    email: varchar('email', { length: 320 }),
    phoneNumber: varchar('phone_number', { length: 50 }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.code] }), check('shop_contact_info_code_check', sql`${t.code} in (5, 6, 7)`)],
);
