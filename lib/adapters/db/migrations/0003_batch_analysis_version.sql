DROP INDEX "calls_batch_idx";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_batch_version_idx" ON "calls" USING btree ("batch_id","analysis_version");
--> statement-breakpoint
-- GET /batch caches a batch's analysis until one of these columns of one of its calls changes
-- (the list must match what lib/batches/analyze-batch.ts reads). Versions only grow and calls
-- are never deleted, so a batch's (count, sum of versions) changes with every such update.
CREATE FUNCTION calls_bump_analysis_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.analysis_version := OLD.analysis_version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_analysis_version BEFORE UPDATE ON calls FOR EACH ROW
WHEN (
  NEW.batch_id IS NOT NULL AND (
    OLD.queue_status IS DISTINCT FROM NEW.queue_status
    OR OLD.duration_ms IS DISTINCT FROM NEW.duration_ms
    OR OLD.error_message IS DISTINCT FROM NEW.error_message
    OR OLD.endpoint_url IS DISTINCT FROM NEW.endpoint_url
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.batch_id IS DISTINCT FROM NEW.batch_id
  )
)
EXECUTE FUNCTION calls_bump_analysis_version();
