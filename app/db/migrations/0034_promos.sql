CREATE TABLE "promos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount" integer,
	"min_spend" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"quota" integer,
	"per_customer" integer,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"payment_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_kind_check" CHECK ("promos"."kind" in ('fixed', 'percent', 'free_shipping')),
	CONSTRAINT "promos_value_check" CHECK ("promos"."value" > 0 and ("promos"."kind" <> 'percent' or "promos"."value" <= 100)),
	CONSTRAINT "promos_numbers_check" CHECK ("promos"."min_spend" >= 0 and coalesce("promos"."quota", 1) >= 1 and coalesce("promos"."per_customer", 1) >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promo_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_terms" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_fee_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promos_code_idx" ON "promos" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_promo_idx" ON "orders" USING btree ("promo_id") WHERE "orders"."promo_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_discount_check" CHECK ("orders"."promo_discount" >= 0 and "orders"."promo_fee_discount" >= 0);