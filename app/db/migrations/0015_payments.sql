CREATE TABLE "balance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_entries_kind_check" CHECK ("balance_entries"."kind" in ('payment', 'applied'))
);
--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_proof_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_proof_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_applied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_entries_user_idx" ON "balance_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_entries_order_idx" ON "balance_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_kind_check" CHECK ("order_changes"."kind" in ('weight', 'substitute', 'unavailable', 'add', 'fee', 'final', 'payment', 'balance'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('qris', 'transfer', 'cod'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('unpaid', 'pending', 'paid', 'rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_amount_check" CHECK ("orders"."paid_amount" is null or "orders"."paid_amount" >= 0);