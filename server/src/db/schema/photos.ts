// A visit's photos and, for the database photo storage, their bytes (docs/decisions/035-photo-storage.md).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './people.js';
import { brands, competitorBrands, prospections } from './visits.js';

/**
 * A photo of a visit (decision 035): its metadata; the picture and its thumbnail are in the photo storage under the keys
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
