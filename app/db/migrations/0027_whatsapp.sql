CREATE TABLE "whatsapp_connection" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone_number_id" text DEFAULT '' NOT NULL,
	"access_token" text DEFAULT '' NOT NULL,
	"app_secret" text DEFAULT '' NOT NULL,
	"verify_token" text DEFAULT '' NOT NULL,
	"graph_url" text DEFAULT '' NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chat_reminder_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wamid" text,
	"direction" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" text,
	"order_id" uuid,
	"delivery_id" uuid,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"error_title" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "whatsapp_messages_direction_check" CHECK ("whatsapp_messages"."direction" in ('in', 'out')),
	CONSTRAINT "whatsapp_messages_status_check" CHECK ("whatsapp_messages"."status" in ('accepted', 'sent', 'delivered', 'read', 'failed', 'received'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_status_events" (
	"wamid" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_status_events_wamid_status_pk" PRIMARY KEY("wamid","status")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chat_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chat_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_delivery_id_notification_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."notification_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_phone_idx" ON "whatsapp_messages" USING btree ("phone","at");--> statement-breakpoint
-- Orders placed before the shop watched for the chat are not 'Belum chat': they were handled the old way.
UPDATE "orders" SET "chat_confirmed_at" = "created_at", "chat_confirmed_by" = 'earlier';
