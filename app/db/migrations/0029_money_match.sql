CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"bank" text NOT NULL,
	"booked_on" date NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"imported_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_state_check" CHECK ("bank_statement_lines"."state" in ('matched', 'review', 'not-order', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "transfer_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"code" integer NOT NULL,
	"bill_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"mode" text NOT NULL,
	"bill_sent_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_codes_code_check" CHECK ("transfer_codes"."code" between 1 and 999),
	CONSTRAINT "transfer_codes_mode_check" CHECK ("transfer_codes"."mode" in ('added', 'subtracted')),
	CONSTRAINT "transfer_codes_amount_check" CHECK ("transfer_codes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_codes" ADD CONSTRAINT "transfer_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_idx" ON "bank_statement_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_state_idx" ON "bank_statement_lines" USING btree ("state","booked_on");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_booked_idx" ON "bank_statement_lines" USING btree ("booked_on");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_codes_open_amount_idx" ON "transfer_codes" USING btree ("amount") WHERE "transfer_codes"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_codes_open_order_idx" ON "transfer_codes" USING btree ("order_id") WHERE "transfer_codes"."released_at" is null;--> statement-breakpoint
CREATE INDEX "transfer_codes_order_idx" ON "transfer_codes" USING btree ("order_id","created_at");