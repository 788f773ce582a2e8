ALTER TABLE "orders" ADD COLUMN "delivery_fee_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_area_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_area_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "area_fee" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_area_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_source_check" CHECK ("orders"."delivery_fee_source" is null or "orders"."delivery_fee_source" in ('area', 'staff'));--> statement-breakpoint
-- Fees staff entered before areas existed were agreed in the chat: they are the staff's.
UPDATE "orders" SET "delivery_fee_source" = 'staff' WHERE "delivery_fee" IS NOT NULL;
