-- A shop's visit list (GET /api/shops/{id}/prospections) reads the visit type and visitor of each visit: with them in
-- the index the list is an index-only scan, in order, without a visit to the table (docs/decisions/009-performance.md).
-- Drizzle's index builder has no INCLUDE, so schema.ts declares the key columns only.
DROP INDEX "prospections_shop_visit_idx";
--> statement-breakpoint
CREATE INDEX "prospections_shop_visit_idx" ON "prospections" USING btree ("shop_id","visit_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("visit_type_id","employee_id");
