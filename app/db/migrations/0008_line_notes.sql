ALTER TABLE "order_items" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "allow_substitute" boolean DEFAULT false NOT NULL;