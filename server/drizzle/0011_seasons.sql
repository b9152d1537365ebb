CREATE TABLE "season_brand_windows" (
	"season_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "season_brand_windows_season_id_brand_id_pk" PRIMARY KEY("season_id","brand_id"),
	CONSTRAINT "season_brand_windows_window" CHECK ("season_brand_windows"."starts_on" <= "season_brand_windows"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_name_unique" UNIQUE("name"),
	CONSTRAINT "seasons_window" CHECK ("seasons"."starts_on" <= "seasons"."ends_on")
);
--> statement-breakpoint
ALTER TABLE "season_brand_windows" ADD CONSTRAINT "season_brand_windows_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_brand_windows" ADD CONSTRAINT "season_brand_windows_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;