CREATE TABLE "courier_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"courier_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_actions_kind_check" CHECK ("courier_actions"."kind" in ('delivered', 'failed', 'cash'))
);
--> statement-breakpoint
CREATE TABLE "courier_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" text NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_slot" text NOT NULL,
	"courier_cash" integer,
	"courier_counted_at" timestamp with time zone,
	"staff_cash" integer,
	"staff_counted_by" text,
	"staff_counted_at" timestamp with time zone,
	"handover_note" text DEFAULT '' NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_runs_slot_check" CHECK ("courier_runs"."delivery_slot" in ('pagi', 'sore')),
	CONSTRAINT "courier_runs_cash_check" CHECK (coalesce("courier_runs"."courier_cash", 0) >= 0 and coalesce("courier_runs"."staff_cash", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "courier_stops" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	"recipient_name" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"fail_reason" text DEFAULT '' NOT NULL,
	"cash_received" integer,
	"cash_at" timestamp with time zone,
	CONSTRAINT "courier_stops_outcome_check" CHECK ("courier_stops"."outcome" is null or "courier_stops"."outcome" in ('delivered', 'failed')),
	CONSTRAINT "courier_stops_cash_check" CHECK ("courier_stops"."cash_received" is null or "courier_stops"."cash_received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stop_positions" (
	"address_key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_actions" ADD CONSTRAINT "courier_actions_courier_id_users_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_actions" ADD CONSTRAINT "courier_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_runs" ADD CONSTRAINT "courier_runs_courier_id_users_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_runs" ADD CONSTRAINT "courier_runs_staff_counted_by_users_id_fk" FOREIGN KEY ("staff_counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_runs" ADD CONSTRAINT "courier_runs_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_stops" ADD CONSTRAINT "courier_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_stops" ADD CONSTRAINT "courier_stops_run_id_courier_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."courier_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_actions_key_idx" ON "courier_actions" USING btree ("courier_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "courier_actions_order_idx" ON "courier_actions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_runs_courier_slot_idx" ON "courier_runs" USING btree ("courier_id","delivery_date","delivery_slot");--> statement-breakpoint
CREATE INDEX "courier_runs_slot_idx" ON "courier_runs" USING btree ("delivery_date","delivery_slot");--> statement-breakpoint
CREATE INDEX "courier_stops_run_idx" ON "courier_stops" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created', 'courier'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'staff', 'courier', 'customer'));