CREATE TABLE "auto_top_up_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"amount_micros" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text,
	"failure" text,
	"top_up_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "auto_top_up_attempts_status" CHECK ("auto_top_up_attempts"."status" IN ('claimed', 'pending', 'succeeded', 'authentication_required', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "auto_top_up_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"threshold_micros" bigint NOT NULL,
	"amount_micros" bigint NOT NULL,
	"monthly_cap_micros" bigint NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"low_balance_micros" bigint,
	"low_balance_armed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_top_up_threshold_min" CHECK ("auto_top_up_settings"."threshold_micros" >= 1000000),
	CONSTRAINT "auto_top_up_amount_min" CHECK ("auto_top_up_settings"."amount_micros" >= 5000000),
	CONSTRAINT "auto_top_up_cap_positive" CHECK ("auto_top_up_settings"."monthly_cap_micros" > 0)
);
--> statement-breakpoint
ALTER TABLE "auto_top_up_attempts" ADD CONSTRAINT "auto_top_up_attempts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_top_up_one_in_flight" ON "auto_top_up_attempts" USING btree ("org_id") WHERE "auto_top_up_attempts"."status" IN ('claimed', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "auto_top_up_attempts_key" ON "auto_top_up_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_top_up_attempts_pi_key" ON "auto_top_up_attempts" USING btree ("payment_intent_id") WHERE "auto_top_up_attempts"."payment_intent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "auto_top_up_attempts_org_idx" ON "auto_top_up_attempts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_top_up_settings_enabled_idx" ON "auto_top_up_settings" USING btree ("org_id") WHERE "auto_top_up_settings"."enabled";