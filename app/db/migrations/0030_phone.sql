ALTER TABLE "order_items" ADD COLUMN "ordered_quantity" integer;--> statement-breakpoint
-- Lines placed before this column: what is in them is the best record of what was ordered.
UPDATE "order_items" SET "ordered_quantity" = "quantity" WHERE "ordered_quantity" IS NULL;
