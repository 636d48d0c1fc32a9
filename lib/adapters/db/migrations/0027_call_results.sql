ALTER TABLE "calls" ADD COLUMN "summary_prompt" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_schema" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_prompt" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_error" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_by" text;