ALTER TABLE "calls" ADD COLUMN "retry" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_retry_of_calls_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_scheduled_idx" ON "calls" USING btree ("scheduled_for") WHERE "calls"."queue_status" = 'queued' AND "calls"."next_step_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_retry_attempt_key" ON "calls" USING btree ("retry_of","attempt") WHERE "calls"."retry_of" IS NOT NULL;