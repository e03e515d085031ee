ALTER TABLE "orders" ADD COLUMN "reserved_cash" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fees" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_accounts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "levels_checked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_account_pending_idx" ON "orders" USING btree ("account_id") WHERE "orders"."status" = 'pending';