CREATE TABLE "cash_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"order_id" uuid,
	"fill_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(20, 8) NOT NULL,
	"price" numeric(24, 10) NOT NULL,
	"legs" jsonb NOT NULL,
	"liquidity" text NOT NULL,
	"gross_amount" numeric(20, 2) NOT NULL,
	"commission" numeric(20, 2) DEFAULT '0' NOT NULL,
	"slippage" numeric(20, 2) DEFAULT '0' NOT NULL,
	"realized_pnl" numeric(20, 2),
	"filled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"quantity" numeric(20, 8) NOT NULL,
	"filled_quantity" numeric(20, 8) DEFAULT '0' NOT NULL,
	"limit_price" numeric(24, 10),
	"stop_price" numeric(24, 10),
	"avg_fill_price" numeric(24, 10),
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_code" text,
	"reject_reason" text,
	"source" text DEFAULT 'user' NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"active_from" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"triggered_at" timestamp with time zone,
	"rested" boolean DEFAULT false NOT NULL,
	"checked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0 AND "orders"."filled_quantity" >= 0 AND "orders"."filled_quantity" <= "orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "paper_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"opening_cash" numeric(20, 2) NOT NULL,
	"cash_balance" numeric(20, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "paper_accounts_cash_check" CHECK ("paper_accounts"."cash_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" numeric(20, 8) DEFAULT '0' NOT NULL,
	"cost_basis" numeric(20, 2) DEFAULT '0' NOT NULL,
	"realized_pnl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"stop_loss" numeric(24, 10),
	"take_profit" numeric(24, 10),
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_quantity_check" CHECK ("positions"."quantity" >= 0 AND "positions"."cost_basis" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trading_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"dark_mode" boolean DEFAULT false NOT NULL,
	"default_order_type" text DEFAULT 'market' NOT NULL,
	"confirm_orders" boolean DEFAULT true NOT NULL,
	"favorite_instruments" text[] DEFAULT ARRAY['AAPL','GOOGL','MSFT']::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_ledger" ADD CONSTRAINT "cash_ledger_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ledger" ADD CONSTRAINT "cash_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ledger" ADD CONSTRAINT "cash_ledger_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_accounts" ADD CONSTRAINT "paper_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_preferences" ADD CONSTRAINT "trading_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_ledger_account_at_idx" ON "cash_ledger" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "fills_account_filled_idx" ON "fills" USING btree ("account_id","filled_at");--> statement-breakpoint
CREATE INDEX "fills_order_idx" ON "fills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_symbol_created_idx" ON "orders" USING btree ("user_id","symbol","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("symbol","checked_until") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "paper_accounts_one_active_key" ON "paper_accounts" USING btree ("user_id") WHERE "paper_accounts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "paper_accounts_user_idx" ON "paper_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_account_symbol_key" ON "positions" USING btree ("account_id","symbol");--> statement-breakpoint
CREATE INDEX "positions_levels_idx" ON "positions" USING btree ("symbol") WHERE "positions"."stop_loss" IS NOT NULL OR "positions"."take_profit" IS NOT NULL;