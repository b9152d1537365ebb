-- Autovacuum follows the visits' inserts (decision 092): at 1 % of the table instead of PostgreSQL's 20 %, so the pages
-- new visits land on are marked all-visible again and the overview's index-only scans stay index-only.
ALTER TABLE "prospections" SET (autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "prospection_brands" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
