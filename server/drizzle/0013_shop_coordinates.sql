CREATE TABLE "geocoded_addresses" (
	"query" varchar(400) PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "coordinates_source" varchar(10);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "coordinates_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shops_without_coordinates_idx" ON "shops" USING btree ("id") WHERE "shops"."latitude" is null;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_coordinates_check" CHECK (("shops"."latitude" is null and "shops"."longitude" is null and "shops"."coordinates_source" is null)
        or ("shops"."latitude" between -90 and 90 and "shops"."longitude" between -180 and 180
          and "shops"."coordinates_source" in ('import', 'geocoder', 'rep', 'beheerder')));