ALTER TABLE "shops" ADD COLUMN "external_number" varchar(50);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_external_number_unique" UNIQUE("external_number");