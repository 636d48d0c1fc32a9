DROP INDEX "calls_batch_version_idx";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "render_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_batch_version_idx" ON "calls" USING btree ("batch_id","analysis_version","render_version");--> statement-breakpoint
-- GET /batch caches a batch's rendered calls until any of its calls changes or gets a transcript
-- line. Versions only grow and calls are never deleted, so a batch's (count, sum of versions)
-- changes with every such write.
CREATE FUNCTION calls_bump_render_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.render_version := OLD.render_version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_render_version BEFORE UPDATE ON calls FOR EACH ROW
WHEN (NEW.batch_id IS NOT NULL)
EXECUTE FUNCTION calls_bump_render_version();
--> statement-breakpoint
CREATE FUNCTION transcripts_bump_call_render_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calls SET render_version = render_version + 1
  WHERE id = NEW.call_id AND batch_id IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transcripts_call_render_version AFTER INSERT ON transcripts FOR EACH ROW
EXECUTE FUNCTION transcripts_bump_call_render_version();
