ALTER TABLE "calling_rules" ADD COLUMN "disclose_ai" boolean;--> statement-breakpoint
ALTER TABLE "calling_rules" ADD COLUMN "ai_text" text;--> statement-breakpoint
ALTER TABLE "calling_rules" ADD COLUMN "recording_text" text;