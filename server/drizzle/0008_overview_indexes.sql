-- The overview (issue 24): visits by period (and the export's keyset on visit date, id), a rep's visits by date,
-- to-dos by the day they were made. The INCLUDE columns let the per-week, per-type and portfolio reads use the
-- index alone; drizzle's index builder has no INCLUDE, so schema.ts declares the key columns only (as in 0002).
DROP INDEX "prospections_employee_idx";--> statement-breakpoint
CREATE INDEX "prospections_visit_date_idx" ON "prospections" USING btree ("visit_date","id") INCLUDE ("employee_id","visit_type_id","shop_id");--> statement-breakpoint
CREATE INDEX "todos_date_created_idx" ON "todos" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "prospections_employee_idx" ON "prospections" USING btree ("employee_id","visit_date") INCLUDE ("shop_id");
