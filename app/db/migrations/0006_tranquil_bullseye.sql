CREATE TABLE "order_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");
--> statement-breakpoint
-- Custom SQL: every new order gets its event number in the same transaction, whoever
-- inserts it. The lock is held until commit, so numbers become visible in order and a
-- reader that saw number n never finds a smaller one appear later; NOTIFY is delivered at
-- commit to every listening process.
CREATE OR REPLACE FUNCTION record_order_created() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_seq bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7206);
  INSERT INTO "order_events" ("order_id", "kind") VALUES (NEW."id", 'created') RETURNING "seq" INTO event_seq;
  PERFORM pg_notify('order_events', event_seq::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_record_created" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION record_order_created();
