CREATE TABLE "pipeline_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"on" date NOT NULL,
	"source" varchar(10) NOT NULL,
	"employee_id" integer,
	"prospection_id" integer,
	"reason" varchar(20),
	"reason_text" varchar(500),
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_history_to" CHECK (to_status in ('visited', 'interested', 'negotiating', 'customer', 'not_interested', 'stopped')),
	CONSTRAINT "pipeline_history_source" CHECK (source in ('visit', 'rep', 'import', 'replay'))
);
--> statement-breakpoint
CREATE TABLE "pipeline_replays" (
	"id" serial PRIMARY KEY NOT NULL,
	"shops" integer NOT NULL,
	"visits" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_statuses" (
	"shop_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"since" date NOT NULL,
	"explicit" boolean DEFAULT false NOT NULL,
	"reason" varchar(20),
	"reason_text" varchar(500),
	"next_step" varchar(200),
	"next_step_date" date,
	"next_step_employee_id" integer,
	CONSTRAINT "pipeline_statuses_shop_id_brand_id_pk" PRIMARY KEY("shop_id","brand_id"),
	CONSTRAINT "pipeline_statuses_status" CHECK (status in ('visited', 'interested', 'negotiating', 'customer', 'not_interested', 'stopped')),
	CONSTRAINT "pipeline_statuses_reason" CHECK (reason in ('price', 'assortment', 'competitor', 'no_space', 'timing', 'other'))
);
--> statement-breakpoint
CREATE TABLE "prospection_terminated_brands" (
	"prospection_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "prospection_terminated_brands_prospection_id_brand_id_pk" PRIMARY KEY("prospection_id","brand_id")
);
--> statement-breakpoint
ALTER TABLE "pipeline_history" ADD CONSTRAINT "pipeline_history_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_history" ADD CONSTRAINT "pipeline_history_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_history" ADD CONSTRAINT "pipeline_history_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_history" ADD CONSTRAINT "pipeline_history_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_next_step_employee_id_employees_id_fk" FOREIGN KEY ("next_step_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_terminated_brands" ADD CONSTRAINT "prospection_terminated_brands_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_terminated_brands" ADD CONSTRAINT "prospection_terminated_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_history_shop" ON "pipeline_history" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "pipeline_history_prospection" ON "pipeline_history" USING btree ("prospection_id");--> statement-breakpoint
CREATE INDEX "pipeline_statuses_next_step" ON "pipeline_statuses" USING btree ("next_step_employee_id","next_step_date");