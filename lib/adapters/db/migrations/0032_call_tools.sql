CREATE TABLE "call_tool_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"name" text NOT NULL,
	"input" jsonb,
	"status" text NOT NULL,
	"http_status" integer,
	"duration_ms" integer NOT NULL,
	"output" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "tools" jsonb;--> statement-breakpoint
ALTER TABLE "call_tool_calls" ADD CONSTRAINT "call_tool_calls_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_tool_calls_call_idx" ON "call_tool_calls" USING btree ("call_id","id");