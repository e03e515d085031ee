CREATE TABLE "desk_allocations" (
	"forward_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(22, 2) NOT NULL,
	CONSTRAINT "desk_allocations_forward_id_invoice_id_pk" PRIMARY KEY("forward_id","invoice_id"),
	CONSTRAINT "desk_allocations_amount_check" CHECK ("desk_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "desk_forwards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"home_currency" text NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(22, 2) NOT NULL,
	"delivered_amount" numeric(22, 2) DEFAULT '0' NOT NULL,
	"maturity_date" date NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"spot_at_booking" numeric NOT NULL,
	"forward_rate" numeric NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"ended_at" timestamp with time zone,
	"settlement_rate" numeric,
	"realised_gain_loss" numeric(22, 2),
	"rolled_from_id" uuid,
	"rolled_to_id" uuid,
	"carried_gain_loss" numeric(22, 2),
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_forwards_amount_check" CHECK ("desk_forwards"."amount" > 0),
	CONSTRAINT "desk_forwards_delivered_check" CHECK ("desk_forwards"."delivered_amount" >= 0 and "desk_forwards"."delivered_amount" <= "desk_forwards"."amount")
);
--> statement-breakpoint
CREATE TABLE "desk_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"counterparty" text NOT NULL,
	"reference" text NOT NULL,
	"direction" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(22, 2) NOT NULL,
	"paid_amount" numeric(22, 2) DEFAULT '0' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"incoterm" text,
	"goods" text,
	"notes" text,
	"file_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"home_currency" text NOT NULL,
	"booked_rate" numeric NOT NULL,
	"booked_home_amount" numeric(22, 2) NOT NULL,
	"paid_booked_home_amount" numeric(22, 2) DEFAULT '0' NOT NULL,
	"realised_gain_loss" numeric(22, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_invoices_amount_check" CHECK ("desk_invoices"."amount" > 0),
	CONSTRAINT "desk_invoices_paid_check" CHECK ("desk_invoices"."paid_amount" >= 0 and "desk_invoices"."paid_amount" <= "desk_invoices"."amount"),
	CONSTRAINT "desk_invoices_dates_check" CHECK ("desk_invoices"."due_date" >= "desk_invoices"."issue_date")
);
--> statement-breakpoint
CREATE TABLE "desk_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(22, 2) NOT NULL,
	"date" date NOT NULL,
	"method" text NOT NULL,
	"forward_id" uuid,
	"rate" numeric NOT NULL,
	"home_amount" numeric(22, 2) NOT NULL,
	"booked_home_amount" numeric(22, 2) NOT NULL,
	"realised_gain_loss" numeric(22, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_payments_amount_check" CHECK ("desk_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "desk_policies" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"target_ratios" jsonb NOT NULL,
	"budget_rates" jsonb NOT NULL,
	"alerts" jsonb NOT NULL,
	"last_alert_on" date,
	"budget_sides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_allocations" ADD CONSTRAINT "desk_allocations_forward_id_desk_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."desk_forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_allocations" ADD CONSTRAINT "desk_allocations_invoice_id_desk_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."desk_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_allocations" ADD CONSTRAINT "desk_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_forwards" ADD CONSTRAINT "desk_forwards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_invoices" ADD CONSTRAINT "desk_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_invoices" ADD CONSTRAINT "desk_invoices_file_id_content_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."content_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_payments" ADD CONSTRAINT "desk_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_payments" ADD CONSTRAINT "desk_payments_invoice_id_desk_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."desk_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_payments" ADD CONSTRAINT "desk_payments_forward_id_desk_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."desk_forwards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_policies" ADD CONSTRAINT "desk_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_allocations_invoice_idx" ON "desk_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "desk_forwards_user_idx" ON "desk_forwards" USING btree ("user_id","status","maturity_date");--> statement-breakpoint
CREATE INDEX "desk_forwards_live_maturity_idx" ON "desk_forwards" USING btree ("maturity_date") WHERE "desk_forwards"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "desk_forwards_idempotency_key" ON "desk_forwards" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "desk_invoices_user_due_idx" ON "desk_invoices" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "desk_invoices_user_created_idx" ON "desk_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_payments_user_idx" ON "desk_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_payments_invoice_idx" ON "desk_payments" USING btree ("invoice_id");