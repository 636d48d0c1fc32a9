CREATE TABLE "call_day_totals" (
	"org_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls" integer NOT NULL,
	"completed" integer NOT NULL,
	"errors" integer NOT NULL,
	"answered_human" integer NOT NULL,
	"answered_voicemail" integer NOT NULL,
	"connected_ms" bigint NOT NULL,
	"spend_micros" bigint NOT NULL,
	CONSTRAINT "call_day_totals_org_id_day_pk" PRIMARY KEY("org_id","day")
);
--> statement-breakpoint
ALTER TABLE "call_day_totals" ADD CONSTRAINT "call_day_totals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;