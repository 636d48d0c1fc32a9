ALTER TABLE "calls" ADD COLUMN "end_of_turn_min_ms" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "end_of_turn_max_ms" integer;