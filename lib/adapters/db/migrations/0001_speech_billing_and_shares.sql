CREATE TABLE "audio_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"text" text NOT NULL,
	"voice" text NOT NULL,
	"audio" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_kind";--> statement-breakpoint
ALTER TABLE "audio_shares" ADD CONSTRAINT "audio_shares_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_shares_org_idx" ON "audio_shares" USING btree ("org_id");--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_kind" CHECK ("wallet_ledger"."kind" IN ('deposit', 'starting_credit', 'call_charge', 'speech_charge', 'refund'));