// Accounts, their employees and their sessions (docs/decisions/062-database-schema.md, 063-sessions-in-the-database.md).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: varchar('login', { length: 320 }).notNull(),
    /** Where her mail goes when her login is not an e-mail address (docs/decisions/069-mail-and-job-queue.md). */
    email: varchar('email', { length: 320 }),
    /**
     * The issuer's stable identifier of the account (Entra: `entra:{tid}:{oid}`, otherwise `{iss}|{sub}`), stored
     * at the first single sign-on; the login only finds the row that first time, since it may change (decision 029).
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
     * sent no such claim: then the roles an administrator set on the user count (decision 029).
     */
    tokenRoles: text('token_roles').array(),
  },
  (t) => [index('sessions_last_seen_idx').on(t.lastSeenAt), index('sessions_user_idx').on(t.userId)],
);
