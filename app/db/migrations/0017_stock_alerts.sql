CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_product_email_idx" ON "stock_alerts" USING btree ("product_id","email");--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" USING btree ("due_at") WHERE "stock_alerts"."due_at" is not null;
--> statement-breakpoint
-- Every path that brings a product back in stock (staff's edit, a cancelled order, a restore)
-- marks its waiting alerts due and wakes the mail workers. Row-level, but only for a rise from
-- zero: the checkouts' stock decrements never fire it.
CREATE OR REPLACE FUNCTION stock_alerts_mark_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stock_alerts" SET "due_at" = now() WHERE "product_id" = NEW."id" AND "due_at" IS NULL;
  IF FOUND THEN
    PERFORM pg_notify('stock_alerts', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_alerts_due" AFTER UPDATE OF "stock" ON "products" FOR EACH ROW WHEN (OLD."stock" <= 0 AND NEW."stock" > 0) EXECUTE FUNCTION stock_alerts_mark_due();
