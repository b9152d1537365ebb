// The database: every entity of spec §3, plus sessions and idempotency keys. See docs/decisions/002.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('date_created', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** A fixed list of named kinds (contact, visit and to-do types, to-do statuses): its ids are the reference rows' (migration 0004), not serial. */
const lookupTable = <N extends string>(name: N) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
  });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: varchar('login', { length: 320 }).notNull(),
    /**
     * The issuer's stable identifier of the account (Entra: `entra:{tid}:{oid}`, otherwise `{iss}|{sub}`), stored
     * at the first single sign-on; the login only finds the row that first time, since it may change (issue 21).
     */
    externalId: varchar('external_id', { length: 600 }).unique(),
    /** The roles an administrator set in the app besides `medewerker`, which everyone is. A token's roles claim wins. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A deactivated account cannot sign in, its sessions end, and its employee leaves the colleague lists. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`),
    check('users_roles_check', sql`${t.roles} <@ array['manager', 'beheerder']::text[]`),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [index('employees_name_idx').on(t.name)],
);

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
    /** The shop's rep, set by the administration's import (issue 22): her portfolio for Te bezoeken (issue 23). */
    assignedEmployeeId: integer('assigned_employee_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    /** The ERP's customer number (issue 22): the import upserts by it. Null for a shop a rep made in the field. */
    externalNumber: varchar('external_number', { length: 50 }).unique('shops_external_number_unique'),
  },
  (t) => [index('shops_assigned_employee_idx').on(t.assignedEmployeeId)],
);

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

/**
 * A deactivated brand stays on the visits that name it but leaves the wizard's lists; a merged one is
 * deactivated and points at the brand it was merged into, so a visit sent later from a device's outbox with
 * the old id is saved under the new one (issue 21).
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
    // A rep's visits by date: the overview's rep filter and the coverage's portfolios (issue 24).
    index('prospections_employee_idx').on(t.employeeId, t.visitDate),
    // The overview's period and the export's keyset (visit date, id); the migration 0008 adds INCLUDE (employee_id,
    // visit_type_id, shop_id) so the per-week and per-type counts read the index alone, and (shop_id) to the one above.
    index('prospections_visit_date_idx').on(t.visitDate, t.id),
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
    // One decimal, 0.0-100.0 (issue 18): numeric, read as a number.
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

export const todoTypes = lookupTable('todo_types');
export const todoStatuses = lookupTable('todo_statuses');

export const todos = pgTable(
  'todos',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    remarks: text('remarks'),
    toDoStatusId: integer('to_do_status_id')
      .notNull()
      .references(() => todoStatuses.id),
    toDoTypeId: integer('to_do_type_id')
      .notNull()
      .references(() => todoTypes.id),
    userCreatedId: integer('user_created_id')
      .notNull()
      .references(() => users.id),
    dateCreated: createdAt(),
  },
  (t) => [index('todos_user_created_idx').on(t.userCreatedId), index('todos_date_created_idx').on(t.dateCreated)],
);

export const todoEmployees = pgTable(
  'todo_employees',
  {
    toDoId: integer('to_do_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
  },
  (t) => [primaryKey({ columns: [t.toDoId, t.employeeId] }), index('todo_employees_employee_idx').on(t.employeeId)],
);

export const prospectionTodos = pgTable(
  'prospection_todos',
  {
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    toDoId: integer('to_do_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.prospectionId, t.toDoId] }), index('prospection_todos_todo_idx').on(t.toDoId)],
);

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
    /** The shop the visit is planned at (issue 23); its name is the default title. */
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
    uniqueIndex('appointments_employee_client_idx').on(t.employeeId, t.clientId),
    uniqueIndex('appointments_employee_import_idx').on(t.employeeId, t.importKey),
    index('appointments_shop_start_idx').on(t.shopId, t.startDate),
    index('appointments_prospection_idx').on(t.prospectionId),
  ],
);

/** A personal calendar feed (issue 23): the token is in the URL the rep's phone polls; only its SHA-256 is kept. */
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

/** Server-side sessions; the cookie holds a random token, the row only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The roles the issuer's token granted at sign-in (its `roles` claim mapped to ours), or null when the token
     * sent no such claim: then the roles an administrator set on the user count (issue 21).
     */
    tokenRoles: text('token_roles').array(),
  },
  (t) => [index('sessions_last_seen_idx').on(t.lastSeenAt), index('sessions_user_idx').on(t.userId)],
);

/** Replays of idempotent writes (IETF Idempotency-Key draft), per user and key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    route: varchar('route', { length: 100 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Every administrative change: who, when, what, and the record before and after (issue 21). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Null for a change made on the command line or by the sign-in itself (auto-provisioning). */
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** What happened, e.g. `employee.create`, `brand.merge` (contract: auditAction). */
    action: varchar('action', { length: 60 }).notNull(),
    /** The kind of record and its id. */
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc()), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * A version per cached list, raised by triggers (migration 0001) whenever a table the list is built from
 * changes: an instance keeps the list's serialised answer while the version stays the same.
 */
export const listVersions = pgTable('list_versions', {
  name: varchar('name', { length: 40 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Raw bytes: PGlite and node-postgres both answer a bytea as a Uint8Array/Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A photo of a visit (issue 26): its metadata; the picture and its thumbnail are in the photo storage under the keys
 * (docs/decisions/035-photo-storage.md). The id is the UUID the device made, so a retried upload names the same row.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey(),
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    /** The order within the visit: one more than the last one added. */
    position: smallint('position').notNull(),
    caption: varchar('caption', { length: 200 }),
    brandId: integer('brand_id').references(() => brands.id),
    competitorBrandId: integer('competitor_brand_id').references(() => competitorBrands.id),
    /** Of the stored (re-encoded) picture. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The storage keys and byte sizes of the picture and its thumbnail. */
    fileKey: varchar('file_key', { length: 200 }).notNull(),
    thumbKey: varchar('thumb_key', { length: 200 }).notNull(),
    fileBytes: integer('file_bytes').notNull(),
    thumbBytes: integer('thumb_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    uniqueIndex('photos_prospection_position_idx').on(t.prospectionId, t.position),
    check('photos_one_brand_tag_check', sql`${t.brandId} is null or ${t.competitorBrandId} is null`),
  ],
);

/** The database photo storage (PHOTO_STORAGE=database, the default): the bytes under their key. */
export const photoFiles = pgTable('photo_files', {
  key: varchar('key', { length: 200 }).primaryKey(),
  bytes: bytea('bytes').notNull(),
});
