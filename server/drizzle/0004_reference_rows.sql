-- The reference rows the spec numbers (§3): contact, visit and to-do types and the to-do statuses come with the
-- schema, not with the demo data, so a database started with SEED=none takes visits (DESIGN.md difference 7).
-- A database seeded before this migration already has them: its rows are left as they are.
INSERT INTO "contact_types" ("id", "name") VALUES (1, 'Eigenaar'), (2, 'Koper'), (3, 'Verkoper'), (4, 'Overig') ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "visit_types" ("id", "name") VALUES (1, 'Prospectie'), (2, 'Swap'), (3, 'Key account meeting'), (4, 'Overig') ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "todo_types" ("id", "name") VALUES (1, 'Nieuwe contactinformatie'), (2, 'Nieuwe brands'), (3, 'FC70 brand interesses'), (4, 'Manueel toegevoegd') ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "todo_statuses" ("id", "name") VALUES (1, 'Open'), (2, 'Afgewerkt') ON CONFLICT ("id") DO NOTHING;
