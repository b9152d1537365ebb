-- Photos of a visit (issue 26): their metadata, and photo_files for the database photo storage (PHOTO_STORAGE=database,
-- the default). Deleting a visit deletes its photos' rows; docs/decisions/035-photo-storage.md.
CREATE TABLE "photo_files" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"bytes" bytea NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"prospection_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"caption" varchar(200),
	"brand_id" integer,
	"competitor_brand_id" integer,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_key" varchar(200) NOT NULL,
	"thumb_key" varchar(200) NOT NULL,
	"file_bytes" integer NOT NULL,
	"thumb_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	CONSTRAINT "photos_one_brand_tag_check" CHECK ("photos"."brand_id" is null or "photos"."competitor_brand_id" is null)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_prospection_id_prospections_id_fk" FOREIGN KEY ("prospection_id") REFERENCES "public"."prospections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_competitor_brand_id_competitor_brands_id_fk" FOREIGN KEY ("competitor_brand_id") REFERENCES "public"."competitor_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_prospection_position_idx" ON "photos" USING btree ("prospection_id","position");