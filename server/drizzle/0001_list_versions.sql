CREATE TABLE "list_versions" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('shops', 1);
--> statement-breakpoint
-- The shop list (GET /api/shops) is built from shops, contacts, addresses and cities: any change to them
-- raises its version, so every instance builds the list anew (docs/decisions/009-performance.md).
CREATE FUNCTION "bump_shop_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = 'shops';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "shops_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_list_version"();
--> statement-breakpoint
CREATE TRIGGER "contacts_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_list_version"();
--> statement-breakpoint
CREATE TRIGGER "addresses_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "addresses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_list_version"();
--> statement-breakpoint
CREATE TRIGGER "cities_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_list_version"();
