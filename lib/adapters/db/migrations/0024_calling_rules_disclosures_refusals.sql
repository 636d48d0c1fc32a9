CREATE TABLE "call_refusals" (
	"org_id" uuid NOT NULL,
	"code" text NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_refusals_org_id_code_pk" PRIMARY KEY("org_id","code")
);
--> statement-breakpoint
ALTER TABLE "calling_rules" ADD COLUMN "disclose_ai" boolean;--> statement-breakpoint
ALTER TABLE "calling_rules" ADD COLUMN "ai_text" text;--> statement-breakpoint
ALTER TABLE "calling_rules" ADD COLUMN "recording_text" text;--> statement-breakpoint
ALTER TABLE "call_refusals" ADD CONSTRAINT "call_refusals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;