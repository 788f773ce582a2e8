CREATE TABLE "order_product_day_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_top_products_cache" (
	"range_from" date NOT NULL,
	"range_to" date NOT NULL,
	"top_limit" integer NOT NULL,
	"signature" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_top_products_cache_range_from_range_to_top_limit_pk" PRIMARY KEY("range_from","range_to","top_limit")
);
--> statement-breakpoint
-- Custom SQL: every change of a product figure raises its day's counter in the same
-- transaction, so a saved ranking whose range's counters still add up to its signature is
-- exactly what a recount would give. rebuild_order_stats() sets a flag for its own transaction
-- so its bulk delete and insert do not raise counters row by row; it raises every day's once
-- and forgets the saved rankings instead.
CREATE OR REPLACE FUNCTION order_product_day_bump(p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_product_day_versions" AS v ("day", "version") VALUES (p_day, 1)
  ON CONFLICT ("day") DO UPDATE SET "version" = v."version" + 1;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_product_day_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_product_day_bump(OLD."day");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."day" <> OLD."day") THEN
    PERFORM order_product_day_bump(NEW."day");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_product_day_stats_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_product_day_stats" FOR EACH ROW
WHEN (coalesce(current_setting('sayur.rebuilding_order_stats', true), '') <> 'on')
EXECUTE FUNCTION order_product_day_stats_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_order_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sayur.rebuilding_order_stats', 'on', true);
  DELETE FROM "order_day_stats";
  DELETE FROM "order_product_day_stats";
  INSERT INTO "order_day_stats" ("day", "slot", "status", "payment_status", "order_count", "items_total", "fee_total", "paid_total")
  SELECT ("created_at" AT TIME ZONE 'Asia/Jakarta')::date, "delivery_slot", "status", "payment_status", count(*), sum("total_amount"),
         sum(coalesce("delivery_fee", 0)), sum(coalesce("paid_amount", 0))
  FROM "orders"
  GROUP BY 1, 2, 3, 4;
  INSERT INTO "order_product_day_stats" ("day", "product_key", "sold_by_weight", "product_name", "product_unit", "quantity", "revenue", "line_count")
  SELECT (o."created_at" AT TIME ZONE 'Asia/Jakarta')::date, coalesce(i."product_id"::text, 'nama:' || i."product_name"), i."sold_by_weight",
         max(i."product_name"), max(i."product_unit"), sum(i."quantity"), sum(order_line_price(i."price", i."quantity", i."sold_by_weight")), count(*)
  FROM "order_items" i
  JOIN "orders" o ON o."id" = i."order_id"
  WHERE o."status" <> 'cancelled'
  GROUP BY 1, 2, 3
  -- Stored day by day, as the triggers add them, so a range reads neighbouring pages.
  ORDER BY 1;
  -- Counters only ever rise (a saved signature can never come back), and a ranking saved by a
  -- transaction that read the figures before this rebuild is forgotten with the rest.
  UPDATE "order_product_day_versions" SET "version" = "version" + 1;
  INSERT INTO "order_product_day_versions" ("day", "version")
  SELECT DISTINCT "day", 1 FROM "order_product_day_stats"
  ON CONFLICT ("day") DO NOTHING;
  DELETE FROM "report_top_products_cache";
  PERFORM set_config('sayur.rebuilding_order_stats', '', true);
END
$$;
--> statement-breakpoint
-- The figures themselves are already right: only the days' counters start here.
INSERT INTO "order_product_day_versions" ("day", "version")
SELECT DISTINCT "day", 1 FROM "order_product_day_stats"
ON CONFLICT ("day") DO NOTHING;
