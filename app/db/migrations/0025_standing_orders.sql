CREATE TABLE "standing_order_lines" (
	"standing_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"allow_substitute" boolean DEFAULT false NOT NULL,
	CONSTRAINT "standing_order_lines_standing_order_id_product_id_pk" PRIMARY KEY("standing_order_id","product_id"),
	CONSTRAINT "standing_order_lines_quantity_check" CHECK ("standing_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "standing_order_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standing_order_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_runs_outcome_check" CHECK ("standing_order_runs"."outcome" in ('skipped', 'placed', 'nothing', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"delivery_slot" text NOT NULL,
	"area_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_address" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"payment_method" text,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_slot_check" CHECK ("standing_orders"."delivery_slot" in ('pagi', 'sore')),
	CONSTRAINT "standing_orders_status_check" CHECK ("standing_orders"."status" in ('active', 'stopped')),
	CONSTRAINT "standing_orders_payment_method_check" CHECK ("standing_orders"."payment_method" is null or "standing_orders"."payment_method" in ('qris', 'transfer', 'cod')),
	CONSTRAINT "standing_orders_weekdays_check" CHECK (cardinality("standing_orders"."weekdays") between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_runs_once_idx" ON "standing_order_runs" USING btree ("standing_order_id","delivery_date");--> statement-breakpoint
CREATE INDEX "standing_order_runs_date_idx" ON "standing_order_runs" USING btree ("delivery_date");--> statement-breakpoint
CREATE INDEX "standing_orders_user_idx" ON "standing_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "standing_orders_active_idx" ON "standing_orders" USING btree ("status");