ALTER TABLE "order_day_stats" DROP CONSTRAINT "order_day_stats_day_slot_status_pk";--> statement-breakpoint
ALTER TABLE "order_day_stats" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_day_stats" ADD COLUMN "paid_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_day_stats" ADD CONSTRAINT "order_day_stats_day_slot_status_payment_status_pk" PRIMARY KEY("day","slot","status","payment_status");--> statement-breakpoint
CREATE INDEX "order_product_day_stats_product_idx" ON "order_product_day_stats" USING btree ("product_key","sold_by_weight","day" DESC NULLS LAST);
--> statement-breakpoint
-- Custom SQL: the per-day figures also by payment status, with the amounts staff counted as
-- received, so the report's payment totals come from the same few rows. The functions and the
-- update trigger are replaced; the figures are rebuilt from the orders once.
DROP FUNCTION IF EXISTS order_stats_add(date, text, text, integer, bigint, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_add(p_day date, p_slot text, p_status text, p_payment text, p_sign integer, p_items bigint, p_fee bigint, p_paid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_day_stats" AS s ("day", "slot", "status", "payment_status", "order_count", "items_total", "fee_total", "paid_total")
  VALUES (p_day, p_slot, p_status, p_payment, p_sign, p_sign * p_items, p_sign * p_fee, p_sign * p_paid)
  ON CONFLICT ("day", "slot", "status", "payment_status") DO UPDATE SET
    "order_count" = s."order_count" + excluded."order_count",
    "items_total" = s."items_total" + excluded."items_total",
    "fee_total" = s."fee_total" + excluded."fee_total",
    "paid_total" = s."paid_total" + excluded."paid_total";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_day := (OLD."created_at" AT TIME ZONE 'Asia/Jakarta')::date;
    PERFORM order_stats_add(old_day, OLD."delivery_slot", OLD."status", OLD."payment_status", -1, OLD."total_amount", coalesce(OLD."delivery_fee", 0), coalesce(OLD."paid_amount", 0));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_day := (NEW."created_at" AT TIME ZONE 'Asia/Jakarta')::date;
    PERFORM order_stats_add(new_day, NEW."delivery_slot", NEW."status", NEW."payment_status", 1, NEW."total_amount", coalesce(NEW."delivery_fee", 0), coalesce(NEW."paid_amount", 0));
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD."status" <> 'cancelled' AND (NEW."status" = 'cancelled' OR old_day <> new_day) THEN
      PERFORM order_product_stats_add_order(OLD."id", old_day, -1);
    END IF;
    IF NEW."status" <> 'cancelled' AND (OLD."status" = 'cancelled' OR old_day <> new_day) THEN
      PERFORM order_product_stats_add_order(NEW."id", new_day, 1);
    END IF;
  END IF;
  -- Deleting runs before the row goes, while its lines can still be read (the cascade that
  -- removes them then finds no order and leaves the figures alone).
  IF TG_OP = 'DELETE' THEN
    IF OLD."status" <> 'cancelled' THEN
      PERFORM order_product_stats_add_order(OLD."id", old_day, -1);
    END IF;
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_keep_stats_update" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_keep_stats_update" AFTER UPDATE OF "status", "created_at", "delivery_slot", "total_amount", "delivery_fee", "payment_status", "paid_amount" ON "orders" FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."delivery_slot" IS DISTINCT FROM NEW."delivery_slot"
      OR OLD."total_amount" IS DISTINCT FROM NEW."total_amount" OR OLD."delivery_fee" IS DISTINCT FROM NEW."delivery_fee"
      OR OLD."payment_status" IS DISTINCT FROM NEW."payment_status" OR OLD."paid_amount" IS DISTINCT FROM NEW."paid_amount")
EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_order_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
END
$$;
--> statement-breakpoint
-- The best sellers of a range sum every product row of its days: this index holds all they
-- need, so the sum reads the index alone (pages vacuum has marked all-visible, i.e. every day
-- but the last few) instead of a table page per row.
CREATE INDEX "order_product_day_stats_day_cover_idx" ON "order_product_day_stats" ("day") INCLUDE ("product_key", "sold_by_weight", "quantity", "revenue", "line_count");
--> statement-breakpoint
SELECT rebuild_order_stats();
