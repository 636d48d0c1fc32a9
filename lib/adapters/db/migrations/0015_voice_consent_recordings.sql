CREATE TABLE "voice_consent_recordings" (
	"voice_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"data" "bytea" NOT NULL,
	"seconds" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_consent_recordings" ADD CONSTRAINT "voice_consent_recordings_voice_id_voice_clones_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voice_clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consent_recordings" ADD CONSTRAINT "voice_consent_recordings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_consent_recordings_org_idx" ON "voice_consent_recordings" USING btree ("org_id");