CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_status_check" CHECK ("notification_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"recipient" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_deliveries_event_idx" ON "notification_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "notification_events_order_idx" ON "notification_events" USING btree ("order_id","kind");--> statement-breakpoint
-- Every row of the old mail queue moves over, sent ones too: their dedupe keys keep a mail
-- that went out before the upgrade from going out again, and a pending one is sent by the new
-- worker exactly as it was rendered. An order mail's key ends in its order's id.
INSERT INTO "notification_events" ("id", "kind", "order_id", "recipient", "snapshot", "dedupe_key", "created_at")
SELECT mq."id",
	regexp_replace(mq."kind", '^order:', ''),
	(SELECT o."id" FROM "orders" o
		WHERE mq."kind" LIKE 'order:%'
		AND mq."dedupe_key" ~ ':[0-9a-f-]{36}$'
		AND o."id" = substring(mq."dedupe_key" from '([0-9a-f-]{36})$')::uuid),
	jsonb_build_object('email', mq."to_address"),
	jsonb_build_object('movedFromMailQueue', true),
	mq."dedupe_key",
	mq."created_at"
FROM "mail_queue" mq;--> statement-breakpoint
INSERT INTO "notification_deliveries" ("event_id", "channel", "address", "content", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at")
SELECT mq."id", 'email', mq."to_address",
	jsonb_build_object('subject', mq."subject", 'text', mq."text_body", 'html', mq."html_body"),
	mq."status", mq."attempts", mq."next_attempt_at", mq."last_error", mq."sent_at", mq."created_at"
FROM "mail_queue" mq;
