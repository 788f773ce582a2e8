CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_search_key_trgm_idx" ON "product_search" USING gin ("key" gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
-- Custom SQL: the words of a name as the search's word list keeps them. Lower case, split at
-- every ASCII character that is not a letter or digit (any other script counts as letters),
-- each word once, and only words with a letter in them: numbers are never a typo to correct.
CREATE OR REPLACE FUNCTION search_words_of(p_name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(p_name), '[^0-9a-z\u0080-\uffff]+') AS w
  WHERE w <> '' AND w ~ '[^0-9]'
$$;
--> statement-breakpoint
-- New products: their names into the search copy, their words counted. Statement triggers
-- with the inserted rows as a table, so a bulk insert (a restore, an import) is one pass.
-- Words are upserted in word order, so two concurrent inserts lock them in the same order.
CREATE OR REPLACE FUNCTION product_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "key")
    SELECT a.id, lower(a.name) FROM added a WHERE a.is_active
  ON CONFLICT ("product_id") DO UPDATE SET "key" = excluded."key";
  INSERT INTO "search_words" AS s ("word", "products")
    SELECT w, count(*) FROM added a, search_words_of(a.name) AS w WHERE a.is_active GROUP BY w ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "products" = s."products" + excluded."products";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_search" s USING removed r WHERE s."product_id" = r.id;
  UPDATE "search_words" s SET "products" = s."products" - gone.n
  FROM (SELECT w, count(*) AS n FROM removed r, search_words_of(r.name) AS w WHERE r.is_active GROUP BY w) AS gone
  WHERE s."word" = gone.w;
  DELETE FROM "search_words" s
  WHERE s."products" <= 0 AND s."word" IN (SELECT search_words_of(r.name) FROM removed r WHERE r.is_active);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A renamed, hidden or shown product: only then (a sale's stock change does not fire it).
CREATE OR REPLACE FUNCTION product_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active THEN
    UPDATE "search_words" SET "products" = "products" - 1 WHERE "word" IN (SELECT search_words_of(OLD.name));
    DELETE FROM "search_words" WHERE "word" IN (SELECT search_words_of(OLD.name)) AND "products" <= 0;
  END IF;
  IF NEW.is_active THEN
    INSERT INTO "product_search" ("product_id", "key") VALUES (NEW.id, lower(NEW.name))
    ON CONFLICT ("product_id") DO UPDATE SET "key" = excluded."key";
    INSERT INTO "search_words" AS s ("word", "products")
      SELECT w, 1 FROM search_words_of(NEW.name) AS w ORDER BY w
    ON CONFLICT ("word") DO UPDATE SET "products" = s."products" + 1;
  ELSE
    DELETE FROM "product_search" WHERE "product_id" = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_search";
  DELETE FROM "search_words";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_added();
--> statement-breakpoint
CREATE TRIGGER "products_search_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_removed();
--> statement-breakpoint
CREATE TRIGGER "products_search_changed" AFTER UPDATE OF "name", "is_active" ON "products" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION product_search_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_emptied" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_emptied();
--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "key") SELECT id, lower(name) FROM "products" WHERE is_active;
--> statement-breakpoint
INSERT INTO "search_words" ("word", "products")
  SELECT w, count(*) FROM "products" p, search_words_of(p.name) AS w WHERE p.is_active GROUP BY w;
