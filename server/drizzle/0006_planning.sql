CREATE TABLE "calendar_feeds" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "prospection_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "uid" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "assigned_employee_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_assigned_employee_id_employees_id_fk" FOREIGN KEY ("assigned_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_employee_client_idx" ON "appointments" USING btree ("employee_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_employee_import_idx" ON "appointments" USING btree ("employee_id","import_key");--> statement-breakpoint
CREATE INDEX "appointments_shop_start_idx" ON "appointments" USING btree ("shop_id","start_date");--> statement-breakpoint
CREATE INDEX "appointments_prospection_idx" ON "appointments" USING btree ("prospection_id");--> statement-breakpoint
CREATE INDEX "shops_assigned_employee_idx" ON "shops" USING btree ("assigned_employee_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_uid_unique" UNIQUE("uid");