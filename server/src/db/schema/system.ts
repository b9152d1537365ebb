// The app's own records: idempotent replays, the audit log and the cached lists' versions (docs/decisions/062-database-schema.md).
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './people.js';

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

/** Every administrative change: who, when, what, and the record before and after (decision 029). */
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
