-- Custom SQL migration: triggers (the query builder has no way to express them).
-- The catalog version goes up with every statement that changes what the catalog pages
-- show. Stock-only updates (every checkout) are left out on purpose: they would make all
-- checkouts queue on this one row; the pages see them through max(products.updated_at).
INSERT INTO "catalog_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "products_bump_catalog_version" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "products_edit_bump_catalog_version" AFTER UPDATE OF "name", "slug", "price", "unit", "discount", "featured", "image_url", "description", "category_id", "is_active" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
