CREATE TABLE "pending_reversals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_intent_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_objects" (
	"name" text PRIMARY KEY NOT NULL,
	"stripe_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"charge_id" text,
	"receipt_url" text,
	"amount_micros" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refunded_micros" bigint DEFAULT 0 NOT NULL,
	"disputed_micros" bigint DEFAULT 0 NOT NULL,
	"key_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "top_ups_amount_positive" CHECK ("top_ups"."amount_micros" > 0),
	CONSTRAINT "top_ups_reversed_within_amount" CHECK ("top_ups"."refunded_micros" >= 0 AND "top_ups"."disputed_micros" >= 0 AND "top_ups"."refunded_micros" + "top_ups"."disputed_micros" <= "top_ups"."amount_micros")
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_kind";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "owed_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "owed_change_micros" bigint;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_reversals_pi_idx" ON "pending_reversals" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_session_key" ON "top_ups" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_payment_intent_key" ON "top_ups" USING btree ("payment_intent_id") WHERE "top_ups"."payment_intent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "top_ups_charge_idx" ON "top_ups" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "top_ups_org_idx" ON "top_ups" USING btree ("org_id","created_at");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_owed_nonnegative" CHECK ("organizations"."owed_micros" >= 0);--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_kind" CHECK ("wallet_ledger"."kind" IN ('deposit', 'starting_credit', 'call_charge', 'speech_charge', 'refund', 'payment_refund', 'dispute', 'dispute_won', 'debt_repayment'));