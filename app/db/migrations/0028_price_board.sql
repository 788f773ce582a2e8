CREATE TABLE "price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"price_before" integer NOT NULL,
	"price_after" integer NOT NULL,
	"discount_before" integer NOT NULL,
	"discount_after" integer NOT NULL,
	"active_before" boolean NOT NULL,
	"active_after" boolean NOT NULL,
	"source" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"discount" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_prices_price_check" CHECK ("scheduled_prices"."price" >= 0),
	CONSTRAINT "scheduled_prices_discount_check" CHECK ("scheduled_prices"."discount" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_prices" ADD CONSTRAINT "scheduled_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_prices" ADD CONSTRAINT "scheduled_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_product_idx" ON "price_changes" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "price_changes_created_idx" ON "price_changes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_prices_waiting_idx" ON "scheduled_prices" USING btree ("product_id") WHERE "scheduled_prices"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "scheduled_prices_due_idx" ON "scheduled_prices" USING btree ("effective_at") WHERE "scheduled_prices"."applied_at" is null;--> statement-breakpoint
-- The price board's per-row version: any change of what a shopper pays or sees on sale
-- (price, discount, 'Aktif'), by the board, the product form or a scheduled price, moves it.
CREATE OR REPLACE FUNCTION bump_price_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."price_version" := OLD."price_version" + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_price_version" BEFORE UPDATE OF "price", "discount", "is_active" ON "products" FOR EACH ROW WHEN (OLD."price" IS DISTINCT FROM NEW."price" OR OLD."discount" IS DISTINCT FROM NEW."discount" OR OLD."is_active" IS DISTINCT FROM NEW."is_active") EXECUTE FUNCTION bump_price_version();
