CREATE TABLE "order_day_stats" (
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"status" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"items_total" bigint DEFAULT 0 NOT NULL,
	"fee_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_stats_day_slot_status_pk" PRIMARY KEY("day","slot","status")
);
--> statement-breakpoint
CREATE TABLE "order_product_day_stats" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"sold_by_weight" boolean NOT NULL,
	"product_name" text NOT NULL,
	"product_unit" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_product_day_stats_day_product_key_sold_by_weight_pk" PRIMARY KEY("day","product_key","sold_by_weight")
);

--> statement-breakpoint
-- Custom SQL: the per-day figures are kept by triggers, so every code path that places,
-- edits, cancels, restores or deletes an order (and any hand-run SQL) keeps them equal to a
-- recount, in the same transaction. Days are the shop's days (Asia/Jakarta).
-- A line's price as the shop charges it (~/lib/weight linePrice): units x unit price, or
-- grams x price per kg / 1000 rounded half up once.
CREATE OR REPLACE FUNCTION order_line_price(price integer, quantity integer, sold_by_weight boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN sold_by_weight THEN (price::bigint * quantity + 500) / 1000 ELSE price::bigint * quantity END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_add(p_day date, p_slot text, p_status text, p_sign integer, p_items bigint, p_fee bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_day_stats" AS s ("day", "slot", "status", "order_count", "items_total", "fee_total")
  VALUES (p_day, p_slot, p_status, p_sign, p_sign * p_items, p_sign * p_fee)
  ON CONFLICT ("day", "slot", "status") DO UPDATE SET
    "order_count" = s."order_count" + excluded."order_count",
    "items_total" = s."items_total" + excluded."items_total",
    "fee_total" = s."fee_total" + excluded."fee_total";
END
$$;
--> statement-breakpoint
-- Adds (p_sign 1) or takes away (-1) the lines of one order on one day.
CREATE OR REPLACE FUNCTION order_product_stats_add_order(p_order uuid, p_day date, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_product_day_stats" AS s ("day", "product_key", "sold_by_weight", "product_name", "product_unit", "quantity", "revenue", "line_count")
  SELECT p_day, coalesce(i."product_id"::text, 'nama:' || i."product_name"), i."sold_by_weight", max(i."product_name"), max(i."product_unit"),
         p_sign * sum(i."quantity"), p_sign * sum(order_line_price(i."price", i."quantity", i."sold_by_weight")), p_sign * count(*)
  FROM "order_items" i
  WHERE i."order_id" = p_order
  GROUP BY 2, 3
  ON CONFLICT ("day", "product_key", "sold_by_weight") DO UPDATE SET
    "product_name" = CASE WHEN p_sign > 0 THEN excluded."product_name" ELSE s."product_name" END,
    "product_unit" = CASE WHEN p_sign > 0 THEN excluded."product_unit" ELSE s."product_unit" END,
    "quantity" = s."quantity" + excluded."quantity",
    "revenue" = s."revenue" + excluded."revenue",
    "line_count" = s."line_count" + excluded."line_count";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_product_stats_add_line(p_day date, p_line "order_items", p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_product_day_stats" AS s ("day", "product_key", "sold_by_weight", "product_name", "product_unit", "quantity", "revenue", "line_count")
  VALUES (p_day, coalesce(p_line."product_id"::text, 'nama:' || p_line."product_name"), p_line."sold_by_weight", p_line."product_name", p_line."product_unit",
          p_sign * p_line."quantity", p_sign * order_line_price(p_line."price", p_line."quantity", p_line."sold_by_weight"), p_sign)
  ON CONFLICT ("day", "product_key", "sold_by_weight") DO UPDATE SET
    "product_name" = CASE WHEN p_sign > 0 THEN excluded."product_name" ELSE s."product_name" END,
    "product_unit" = CASE WHEN p_sign > 0 THEN excluded."product_unit" ELSE s."product_unit" END,
    "quantity" = s."quantity" + excluded."quantity",
    "revenue" = s."revenue" + excluded."revenue",
    "line_count" = s."line_count" + excluded."line_count";
END
$$;
--> statement-breakpoint
-- An order's lines count towards the products while the order is not cancelled: cancelling
-- takes them away, taking the cancellation back adds them again.
CREATE OR REPLACE FUNCTION orders_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_day := (OLD."created_at" AT TIME ZONE 'Asia/Jakarta')::date;
    PERFORM order_stats_add(old_day, OLD."delivery_slot", OLD."status", -1, OLD."total_amount", coalesce(OLD."delivery_fee", 0));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_day := (NEW."created_at" AT TIME ZONE 'Asia/Jakarta')::date;
    PERFORM order_stats_add(new_day, NEW."delivery_slot", NEW."status", 1, NEW."total_amount", coalesce(NEW."delivery_fee", 0));
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
CREATE OR REPLACE FUNCTION order_items_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "created_at", "status" INTO o FROM "orders" WHERE "id" = OLD."order_id";
    IF FOUND AND o."status" <> 'cancelled' THEN
      PERFORM order_product_stats_add_line((o."created_at" AT TIME ZONE 'Asia/Jakarta')::date, OLD, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "created_at", "status" INTO o FROM "orders" WHERE "id" = NEW."order_id";
    IF FOUND AND o."status" <> 'cancelled' THEN
      PERFORM order_product_stats_add_line((o."created_at" AT TIME ZONE 'Asia/Jakarta')::date, NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The figures from scratch: the first fill below, after a TRUNCATE, and after a bulk load
-- made with the triggers off (the benchmark's fill).
CREATE OR REPLACE FUNCTION rebuild_order_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_day_stats";
  DELETE FROM "order_product_day_stats";
  INSERT INTO "order_day_stats" ("day", "slot", "status", "order_count", "items_total", "fee_total")
  SELECT ("created_at" AT TIME ZONE 'Asia/Jakarta')::date, "delivery_slot", "status", count(*), sum("total_amount"), sum(coalesce("delivery_fee", 0))
  FROM "orders"
  GROUP BY 1, 2, 3;
  INSERT INTO "order_product_day_stats" ("day", "product_key", "sold_by_weight", "product_name", "product_unit", "quantity", "revenue", "line_count")
  SELECT (o."created_at" AT TIME ZONE 'Asia/Jakarta')::date, coalesce(i."product_id"::text, 'nama:' || i."product_name"), i."sold_by_weight",
         max(i."product_name"), max(i."product_unit"), sum(i."quantity"), sum(order_line_price(i."price", i."quantity", i."sold_by_weight")), count(*)
  FROM "order_items" i
  JOIN "orders" o ON o."id" = i."order_id"
  WHERE o."status" <> 'cancelled'
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_order_stats();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_stats" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint
CREATE TRIGGER "orders_keep_stats_update" AFTER UPDATE OF "status", "created_at", "delivery_slot", "total_amount", "delivery_fee" ON "orders" FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."delivery_slot" IS DISTINCT FROM NEW."delivery_slot"
      OR OLD."total_amount" IS DISTINCT FROM NEW."total_amount" OR OLD."delivery_fee" IS DISTINCT FROM NEW."delivery_fee")
EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint
CREATE TRIGGER "orders_keep_stats_delete" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_keep_stats();
--> statement-breakpoint
CREATE TRIGGER "orders_keep_stats_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION order_stats_after_truncate();
--> statement-breakpoint
CREATE TRIGGER "order_items_keep_stats" AFTER INSERT OR DELETE ON "order_items" FOR EACH ROW EXECUTE FUNCTION order_items_keep_stats();
--> statement-breakpoint
CREATE TRIGGER "order_items_keep_stats_update" AFTER UPDATE OF "order_id", "product_id", "product_name", "product_unit", "quantity", "price", "sold_by_weight" ON "order_items" FOR EACH ROW
WHEN (OLD IS DISTINCT FROM NEW)
EXECUTE FUNCTION order_items_keep_stats();
--> statement-breakpoint
CREATE TRIGGER "order_items_keep_stats_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION order_stats_after_truncate();
--> statement-breakpoint
SELECT rebuild_order_stats();
