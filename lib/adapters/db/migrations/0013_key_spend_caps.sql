ALTER TABLE "api_keys" ADD COLUMN "spend_cap_micros" bigint;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spend_month" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "month_spent_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "key_reserved_micros" bigint;--> statement-breakpoint
ALTER TABLE "speech_reservations" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "speech_reservations" ADD COLUMN "key_capped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_onboardings" ADD COLUMN "spend_cap_micros" bigint;--> statement-breakpoint
CREATE INDEX "wallet_ledger_key_idx" ON "wallet_ledger" USING btree ("key_id","created_at") WHERE "wallet_ledger"."key_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_spend_cap_nonnegative" CHECK ("api_keys"."spend_cap_micros" >= 0);