CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"key" varchar(200),
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"last_error" varchar(60),
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_key_unique" UNIQUE("key"),
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed', 'uncertain'))
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"todo" boolean NOT NULL,
	"digest" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" bigint PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"refs" jsonb NOT NULL,
	"outcome" varchar(12),
	"address" varchar(320),
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mails_kind_check" CHECK ("mails"."kind" in ('todo', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" varchar(320);--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_id_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "mails_employee_idx" ON "mails" USING btree ("employee_id");