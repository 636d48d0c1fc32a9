ALTER TABLE "organizations" ADD COLUMN "held_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "held_micros" bigint;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "cut_by_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_held_within_balance" CHECK ("organizations"."held_micros" >= 0 AND "organizations"."held_micros" <= "organizations"."balance_micros");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_held_nonnegative" CHECK ("calls"."held_micros" IS NULL OR "calls"."held_micros" >= 0);