CREATE TABLE "calling_rules" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"countries" text[],
	"hours_start" text,
	"hours_end" text,
	"hours_days" text[],
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dnc_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"number" text NOT NULL,
	"reason" text,
	"source" text NOT NULL,
	"call_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dnc_numbers_org_number" UNIQUE NULLS NOT DISTINCT("org_id","number")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "opted_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_rules" ADD CONSTRAINT "calling_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dnc_numbers_number_idx" ON "dnc_numbers" USING btree ("number");