CREATE TABLE "phone_numbers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"carrier_sid" text,
	"label" text,
	"inbound_agent_id" uuid,
	"monthly_fee_micros" bigint NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "phone_numbers_source" CHECK ("phone_numbers"."source" IN ('purchased', 'imported', 'sandbox')),
	CONSTRAINT "phone_numbers_fee_nonnegative" CHECK ("phone_numbers"."monthly_fee_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_kind";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "direction" text DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_inbound_agent_id_agents_id_fk" FOREIGN KEY ("inbound_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_numbers_org_idx" ON "phone_numbers" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_held_key" ON "phone_numbers" USING btree ("number") WHERE "phone_numbers"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "phone_numbers_agent_idx" ON "phone_numbers" USING btree ("inbound_agent_id") WHERE "phone_numbers"."released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_kind" CHECK ("wallet_ledger"."kind" IN ('deposit', 'starting_credit', 'call_charge', 'speech_charge', 'refund', 'payment_refund', 'dispute', 'dispute_won', 'debt_repayment', 'number_rent'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_direction" CHECK ("calls"."direction" IN ('outbound', 'inbound'));