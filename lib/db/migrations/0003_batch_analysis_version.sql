ALTER TABLE "batches" ADD COLUMN "analysis_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- GET /batch caches a batch's analysis while batches.analysis_version stays the same: every
-- UPDATE that changes a column the analysis reads (lib/batches/analyze-batch.ts) raises the
-- version of each batch it touched, in its own transaction. Calls are inserted with their batch
-- in one transaction and never deleted, so UPDATE is the only change to follow. One statement-level
-- trigger, not one per row: the batches are locked once each and in id order, so two claimers
-- updating calls of the same batches never deadlock on them.
CREATE FUNCTION calls_raise_batch_analysis_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  SELECT array_agg(DISTINCT b ORDER BY b) INTO touched
  FROM (
    SELECT unnest(ARRAY[o.batch_id, n.batch_id]) AS b
    FROM new_calls n JOIN old_calls o ON o.id = n.id
    WHERE (o.queue_status, o.duration_ms, o.error_message, o.endpoint_url, o.created_at, o.batch_id)
      IS DISTINCT FROM
      (n.queue_status, n.duration_ms, n.error_message, n.endpoint_url, n.created_at, n.batch_id)
  ) changed
  WHERE b IS NOT NULL;
  IF touched IS NOT NULL THEN
    PERFORM 1 FROM batches WHERE id = ANY (touched) ORDER BY id FOR UPDATE;
    UPDATE batches SET analysis_version = analysis_version + 1 WHERE id = ANY (touched);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_raise_batch_analysis_version AFTER UPDATE ON calls
REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
FOR EACH STATEMENT EXECUTE FUNCTION calls_raise_batch_analysis_version();
