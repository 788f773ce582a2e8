ALTER TABLE "order_items" ADD COLUMN "sold_by_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_by_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_step" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_min" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_step_check" CHECK ("products"."weight_step" between 1 and 50000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_min_check" CHECK ("products"."weight_min" between 1 and 50000);