CREATE TABLE "speech_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"reserved_micros" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"charged_micros" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "speech_reservations_status" CHECK ("speech_reservations"."status" IN ('held', 'settled', 'refunded')),
	CONSTRAINT "speech_reservations_reserved_positive" CHECK ("speech_reservations"."reserved_micros" > 0)
);
--> statement-breakpoint
ALTER TABLE "speech_reservations" ADD CONSTRAINT "speech_reservations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speech_reservations_held_idx" ON "speech_reservations" USING btree ("expires_at") WHERE "speech_reservations"."status" = 'held';