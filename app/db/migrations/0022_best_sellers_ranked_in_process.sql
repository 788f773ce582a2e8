DROP TABLE "report_top_products_cache" CASCADE;
--> statement-breakpoint
-- Custom SQL: the best sellers are ranked by each app process from the per-day product figures
-- it holds, checked against the days' counters; no ranking is saved in the database any more.
-- The rebuild is the one of the previous migration without the saved rankings: it still
-- raises every day's counter once, so every process reads every day again.
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
  -- Counters only ever rise: figures a process read before this rebuild are read again.
  UPDATE "order_product_day_versions" SET "version" = "version" + 1;
  INSERT INTO "order_product_day_versions" ("day", "version")
  SELECT DISTINCT "day", 1 FROM "order_product_day_stats"
  ON CONFLICT ("day") DO NOTHING;
  PERFORM set_config('sayur.rebuilding_order_stats', '', true);
END
$$;
