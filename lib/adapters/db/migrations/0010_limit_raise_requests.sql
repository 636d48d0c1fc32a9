CREATE TABLE "limit_raise_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"limit" text NOT NULL,
	"wanted" integer NOT NULL,
	"expected_volume" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "limit_raise_requests_status" CHECK ("limit_raise_requests"."status" IN ('pending', 'approved', 'denied'))
);
--> statement-breakpoint
ALTER TABLE "limit_raise_requests" ADD CONSTRAINT "limit_raise_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_raise_requests_org_idx" ON "limit_raise_requests" USING btree ("org_id","created_at");