-- Issue 21: the account's stable identifier at the issuer, roles set in the app (or granted by the token, per
-- session), deactivation; brands that can be deactivated and merged (a merged id keeps pointing at its successor);
-- the administration's log.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" varchar(60) NOT NULL,
	"entity" varchar(40) NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "competitor_brands" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "competitor_brands" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "token_roles" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" varchar(600);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_merged_into_id_brands_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_brands" ADD CONSTRAINT "competitor_brands_merged_into_id_competitor_brands_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."competitor_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roles_check" CHECK ("users"."roles" <@ array['manager', 'beheerder']::text[]);