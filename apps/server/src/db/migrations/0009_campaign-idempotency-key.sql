ALTER TABLE "campaigns" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_idempotency_key" ON "campaigns" USING btree ("user_id","idempotency_key") WHERE "campaigns"."idempotency_key" IS NOT NULL;