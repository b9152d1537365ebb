CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"street1" varchar(200),
	"city_id" integer NOT NULL,
	"postal_code" varchar(20),
	"user_created_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"name" varchar(200),
	"remarks" text,
	"start_date" timestamp NOT NULL,
	"end_date" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"postal_code" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "competitor_brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"address_id" integer,
	"user_created_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "employees_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(255) NOT NULL,
	"route" varchar(100) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "prospection_brand_interests" (
	"prospection_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"remark" varchar(500),
	CONSTRAINT "prospection_brand_interests_prospection_id_brand_id_pk" PRIMARY KEY("prospection_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "prospection_brands" (
	"prospection_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"sellout" smallint,
	"sellout_remark" varchar(500),
	CONSTRAINT "prospection_brands_prospection_id_brand_id_pk" PRIMARY KEY("prospection_id","brand_id"),
	CONSTRAINT "prospection_brands_sellout_check" CHECK ("prospection_brands"."sellout" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "prospection_competitor_brands" (
	"prospection_id" integer NOT NULL,
	"competitor_brand_id" integer NOT NULL,
	CONSTRAINT "prospection_competitor_brands_prospection_id_competitor_brand_id_pk" PRIMARY KEY("prospection_id","competitor_brand_id")
);
--> statement-breakpoint
CREATE TABLE "prospection_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "prospection_reports_employee_id_unique" UNIQUE("employee_id")
);
--> statement-breakpoint
CREATE TABLE "prospection_todos" (
	"prospection_id" integer NOT NULL,
	"to_do_id" integer NOT NULL,
	CONSTRAINT "prospection_todos_prospection_id_to_do_id_pk" PRIMARY KEY("prospection_id","to_do_id")
);
--> statement-breakpoint
CREATE TABLE "prospections" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_created_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_updated" timestamp with time zone,
	"contact_type_id" integer NOT NULL,
	"contact_name" varchar(200),
	"contact_email" varchar(320),
	"contact_phone" varchar(50),
	"visit_type_id" integer NOT NULL,
	"visit_context" varchar(500),
	"new_brands" text,
	"best_brands" text,
	"worst_brands" text,
	"terminated_brands" text,
	"trends" text,
	"extra" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_contact_info" (
	"shop_id" integer NOT NULL,
	"code" smallint NOT NULL,
	"name" varchar(200),
	"email" varchar(320),
	"phone_number" varchar(50),
	CONSTRAINT "shop_contact_info_shop_id_code_pk" PRIMARY KEY("shop_id","code"),
	CONSTRAINT "shop_contact_info_code_check" CHECK ("shop_contact_info"."code" in (5, 6, 7))
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"shop_type_id" integer DEFAULT 6 NOT NULL,
	"customer_name" varchar(200),
	"owner_name" varchar(200),
	"contact_id" integer,
	"is_parallel_sales" boolean DEFAULT false NOT NULL,
	"user_created_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_employees" (
	"to_do_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "todo_employees_to_do_id_employee_id_pk" PRIMARY KEY("to_do_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "todo_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"remarks" text,
	"to_do_status_id" integer NOT NULL,
	"to_do_type_id" integer NOT NULL,
	"user_created_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" varchar(320) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_brand_interests" ADD CONSTRAINT "prospection_brand_interests_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_brand_interests" ADD CONSTRAINT "prospection_brand_interests_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_brands" ADD CONSTRAINT "prospection_brands_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_brands" ADD CONSTRAINT "prospection_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_competitor_brands" ADD CONSTRAINT "prospection_competitor_brands_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_competitor_brands" ADD CONSTRAINT "prospection_competitor_brands_competitor_brand_id_competitor_brands_id_fk" FOREIGN KEY ("competitor_brand_id") REFERENCES "public"."competitor_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_reports" ADD CONSTRAINT "prospection_reports_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_todos" ADD CONSTRAINT "prospection_todos_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospection_todos" ADD CONSTRAINT "prospection_todos_to_do_id_todos_id_fk" FOREIGN KEY ("to_do_id") REFERENCES "public"."todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospections" ADD CONSTRAINT "prospections_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospections" ADD CONSTRAINT "prospections_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospections" ADD CONSTRAINT "prospections_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospections" ADD CONSTRAINT "prospections_contact_type_id_contact_types_id_fk" FOREIGN KEY ("contact_type_id") REFERENCES "public"."contact_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospections" ADD CONSTRAINT "prospections_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_contact_info" ADD CONSTRAINT "shop_contact_info_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_employees" ADD CONSTRAINT "todo_employees_to_do_id_todos_id_fk" FOREIGN KEY ("to_do_id") REFERENCES "public"."todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_employees" ADD CONSTRAINT "todo_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_to_do_status_id_todo_statuses_id_fk" FOREIGN KEY ("to_do_status_id") REFERENCES "public"."todo_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_to_do_type_id_todo_types_id_fk" FOREIGN KEY ("to_do_type_id") REFERENCES "public"."todo_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_employee_start_idx" ON "appointments" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "cities_country_name_idx" ON "cities" USING btree ("country_id","name");--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("name");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prospection_todos_todo_idx" ON "prospection_todos" USING btree ("to_do_id");--> statement-breakpoint
CREATE INDEX "prospections_shop_visit_idx" ON "prospections" USING btree ("shop_id","visit_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prospections_employee_idx" ON "prospections" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "todo_employees_employee_idx" ON "todo_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "todos_user_created_idx" ON "todos" USING btree ("user_created_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_lower_idx" ON "users" USING btree (lower("login"));