CREATE TABLE "voice_clones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"generation" text DEFAULT 'V3' NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"engine_voice" text NOT NULL,
	"pitch" integer NOT NULL,
	"speed" double precision NOT NULL,
	"sample_pitch_hz" double precision,
	"sample_syllables_per_second" double precision,
	"sample_seconds" double precision NOT NULL,
	"sample_count" integer NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"promoted_at" timestamp with time zone,
	CONSTRAINT "voice_clones_kind" CHECK ("voice_clones"."kind" IN ('instant', 'professional')),
	CONSTRAINT "voice_clones_state" CHECK ("voice_clones"."state" IN ('draft', 'live')),
	CONSTRAINT "voice_clones_generation" CHECK ("voice_clones"."generation" IN ('V2', 'V3')),
	CONSTRAINT "voice_clones_review" CHECK ("voice_clones"."review_status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "voice_clones_instant_live" CHECK ("voice_clones"."kind" = 'professional' OR "voice_clones"."state" = 'live'),
	CONSTRAINT "voice_clones_pitch" CHECK ("voice_clones"."pitch" BETWEEN 0 AND 100),
	CONSTRAINT "voice_clones_speed" CHECK ("voice_clones"."speed" BETWEEN 0.5 AND 2)
);
--> statement-breakpoint
ALTER TABLE "voice_clones" ADD CONSTRAINT "voice_clones_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_clones_org_idx" ON "voice_clones" USING btree ("org_id","created_at");