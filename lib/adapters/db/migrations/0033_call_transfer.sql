ALTER TABLE "calls" ADD COLUMN "transfer" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transferred_to" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transferred_at" timestamp with time zone;