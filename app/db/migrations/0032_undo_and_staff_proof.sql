ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_kind_check";--> statement-breakpoint
ALTER TABLE "order_changes" ADD COLUMN "removed_line" jsonb;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_kind_check" CHECK ("order_changes"."kind" in ('weight', 'substitute', 'unavailable', 'restore', 'add', 'fee', 'final', 'payment', 'balance'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_proof_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_proof_by_users_id_fk" FOREIGN KEY ("payment_proof_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created', 'courier', 'proof'));