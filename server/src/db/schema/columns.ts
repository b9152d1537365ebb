// Column helpers the schema's groups share (docs/decisions/062-database-schema.md).
import { customType, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** When the row was made. */
export const createdAt = () => timestamp('date_created', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** A fixed list of named kinds (contact, visit and to-do types, to-do statuses): its ids are the reference rows' (migration 0004), not serial. */
export const lookupTable = <N extends string>(name: N) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
  });

/** Raw bytes: PGlite and node-postgres both answer a bytea as a Uint8Array/Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
