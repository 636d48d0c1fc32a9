CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"deposits_micros" bigint DEFAULT 0 NOT NULL,
	"starting_credit_micros" bigint DEFAULT 0 NOT NULL,
	"limit_concurrency" integer,
	"limit_instant_clones" integer,
	"limit_live_clones" integer,
	"limit_concurrent_calls" integer,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organizations_balance_nonnegative" CHECK ("organizations"."balance_micros" >= 0),
	CONSTRAINT "organizations_deposits_nonnegative" CHECK ("organizations"."deposits_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"balance_after_micros" bigint NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_ledger_kind" CHECK ("wallet_ledger"."kind" IN ('deposit', 'starting_credit', 'call_charge', 'refund')),
	CONSTRAINT "wallet_ledger_balance_nonnegative" CHECK ("wallet_ledger"."balance_after_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"campaign_id" text,
	"label" text NOT NULL,
	"base_prompt" text NOT NULL,
	"endpoint_code" text NOT NULL,
	"call_params" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_audio" (
	"call_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sample_rate" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"batch_id" uuid,
	"queue_status" text NOT NULL,
	"to_number" text NOT NULL,
	"from_number" text NOT NULL,
	"task" text NOT NULL,
	"voice" text,
	"first_sentence" text,
	"wait_for_greeting" boolean NOT NULL,
	"max_duration" double precision NOT NULL,
	"record" boolean NOT NULL,
	"webhook" text,
	"language" text,
	"metadata" jsonb,
	"request_data" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"answered_by" text,
	"call_ended_by" text,
	"error_message" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"price_micros" bigint,
	"summary" text,
	"provider" text NOT NULL,
	"endpoint_url" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"api_origin" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"next_step_at" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"line_state" jsonb,
	CONSTRAINT "calls_queue_status" CHECK ("calls"."queue_status" IN ('queued', 'started', 'complete', 'call_error')),
	CONSTRAINT "calls_price_nonnegative" CHECK ("calls"."price_micros" IS NULL OR "calls"."price_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user" text NOT NULL,
	"text" text NOT NULL,
	"start_ms" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"response_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"url" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_audio" ADD CONSTRAINT "call_audio_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_org_idx" ON "wallet_ledger" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_once_key" ON "wallet_ledger" USING btree ("kind","reference") WHERE "wallet_ledger"."reference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "batches_org_idx" ON "batches" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_audio_call_seq_key" ON "call_audio" USING btree ("call_id","seq");--> statement-breakpoint
CREATE INDEX "calls_org_created_idx" ON "calls" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "calls_batch_idx" ON "calls" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "calls_due_idx" ON "calls" USING btree ("next_step_at") WHERE "calls"."queue_status" IN ('queued', 'started');--> statement-breakpoint
CREATE INDEX "calls_org_active_idx" ON "calls" USING btree ("org_id") WHERE "calls"."queue_status" = 'started';--> statement-breakpoint
CREATE UNIQUE INDEX "calls_idempotency_key" ON "calls" USING btree ("org_id","idempotency_key") WHERE "calls"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transcripts_call_seq_key" ON "transcripts" USING btree ("call_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_call_idx" ON "webhook_deliveries" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at");