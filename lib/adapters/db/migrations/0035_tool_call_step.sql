ALTER TABLE "call_tool_calls" ADD COLUMN "step" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "call_tool_calls_step_key" ON "call_tool_calls" USING btree ("call_id","step","name");