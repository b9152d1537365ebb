// Seasons and their pre-order windows (decision 068): the season's own, and a brand's when it differs.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { brands } from './visits.js';

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull().unique(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    dateCreated: createdAt(),
  },
  (t) => [check('seasons_window', sql`${t.startsOn} <= ${t.endsOn}`)],
);

export const seasonBrandWindows = pgTable(
  'season_brand_windows',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.brandId] }), check('season_brand_windows_window', sql`${t.startsOn} <= ${t.endsOn}`)],
);
