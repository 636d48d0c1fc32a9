ALTER TABLE "calls" ADD COLUMN "voicemail" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "speech_control" jsonb;--> statement-breakpoint
-- GET /batch's analysis now counts answered_by too (lib/calls/batches/analyze-batch.ts): its
-- cache must be told when that column changes, as migration 0003's list says.
DROP TRIGGER "calls_analysis_version" ON "calls";--> statement-breakpoint
CREATE TRIGGER calls_analysis_version BEFORE UPDATE ON calls FOR EACH ROW
WHEN (
  NEW.batch_id IS NOT NULL AND (
    OLD.queue_status IS DISTINCT FROM NEW.queue_status
    OR OLD.duration_ms IS DISTINCT FROM NEW.duration_ms
    OR OLD.error_message IS DISTINCT FROM NEW.error_message
    OR OLD.endpoint_url IS DISTINCT FROM NEW.endpoint_url
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.batch_id IS DISTINCT FROM NEW.batch_id
    OR OLD.answered_by IS DISTINCT FROM NEW.answered_by
  )
)
EXECUTE FUNCTION calls_bump_analysis_version();
