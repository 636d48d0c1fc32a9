CREATE TABLE "oauth_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_records" (
	"kind" text NOT NULL,
	"id_hash" text NOT NULL,
	"grant_id" text,
	"uid" text,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_records_kind_id_hash_pk" PRIMARY KEY("kind","id_hash")
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"kind" text NOT NULL,
	"id_hash" text NOT NULL,
	"grant_id" text,
	"account_id" text,
	"org_id" uuid,
	"client_id" text,
	"scope" text,
	"resource" text,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_tokens_kind_id_hash_pk" PRIMARY KEY("kind","id_hash")
);
--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_records_grant_idx" ON "oauth_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_uid_idx" ON "oauth_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oauth_records_expiry_idx" ON "oauth_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_tokens_grant_idx" ON "oauth_tokens" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_tokens_expiry_idx" ON "oauth_tokens" USING btree ("expires_at");