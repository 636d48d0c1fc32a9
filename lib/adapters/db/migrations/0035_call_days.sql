CREATE TABLE "call_days" (
	"org_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"connected_ms" bigint DEFAULT 0 NOT NULL,
	"spend_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_days_org_id_day_pk" PRIMARY KEY("org_id","day")
);--> statement-breakpoint
-- The overview's figures by day, summed once for the calls already there. Calls are never deleted,
-- so an insert adds to its day and an update moves its contribution (status, talk time, price).
INSERT INTO "call_days" ("org_id", "day", "calls", "completed", "errors", "connected_ms", "spend_micros")
SELECT "org_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*),
       count(*) FILTER (WHERE "queue_status" = 'complete'),
       count(*) FILTER (WHERE "queue_status" = 'call_error'),
       coalesce(sum("duration_ms") FILTER (WHERE "queue_status" IN ('complete', 'call_error')), 0),
       coalesce(sum("price_micros"), 0)
FROM "calls" GROUP BY 1, 2;
--> statement-breakpoint
-- One statement's new calls (a batch inserts 10,000 at once): one upsert per org and day.
CREATE FUNCTION call_days_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_days AS d (org_id, day, calls, completed, errors, connected_ms, spend_micros)
  SELECT org_id, (created_at AT TIME ZONE 'UTC')::date, count(*),
         count(*) FILTER (WHERE queue_status = 'complete'),
         count(*) FILTER (WHERE queue_status = 'call_error'),
         coalesce(sum(duration_ms) FILTER (WHERE queue_status IN ('complete', 'call_error')), 0),
         coalesce(sum(price_micros), 0)
  FROM new_calls GROUP BY 1, 2
  ON CONFLICT (org_id, day) DO UPDATE SET
    calls = d.calls + EXCLUDED.calls,
    completed = d.completed + EXCLUDED.completed,
    errors = d.errors + EXCLUDED.errors,
    connected_ms = d.connected_ms + EXCLUDED.connected_ms,
    spend_micros = d.spend_micros + EXCLUDED.spend_micros;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_call_days_insert AFTER INSERT ON calls
REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT
EXECUTE FUNCTION call_days_on_insert();
--> statement-breakpoint
-- A call's contribution leaves its old day and joins its new one (the same day but for a changed
-- created_at): two upserts of opposite sign, or one of their difference.
CREATE FUNCTION call_days_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_ended boolean := OLD.queue_status IN ('complete', 'call_error');
  new_ended boolean := NEW.queue_status IN ('complete', 'call_error');
BEGIN
  INSERT INTO call_days AS d (org_id, day, calls, completed, errors, connected_ms, spend_micros)
  SELECT org_id, day, sum(calls), sum(completed), sum(errors), sum(connected_ms), sum(spend_micros)
  FROM (VALUES
    (OLD.org_id, (OLD.created_at AT TIME ZONE 'UTC')::date, -1,
     -(OLD.queue_status = 'complete')::int, -(OLD.queue_status = 'call_error')::int,
     -(CASE WHEN old_ended THEN OLD.duration_ms ELSE 0 END)::bigint, -coalesce(OLD.price_micros, 0)),
    (NEW.org_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1,
     (NEW.queue_status = 'complete')::int, (NEW.queue_status = 'call_error')::int,
     (CASE WHEN new_ended THEN NEW.duration_ms ELSE 0 END)::bigint, coalesce(NEW.price_micros, 0))
  ) AS change (org_id, day, calls, completed, errors, connected_ms, spend_micros)
  GROUP BY org_id, day
  ON CONFLICT (org_id, day) DO UPDATE SET
    calls = d.calls + EXCLUDED.calls,
    completed = d.completed + EXCLUDED.completed,
    errors = d.errors + EXCLUDED.errors,
    connected_ms = d.connected_ms + EXCLUDED.connected_ms,
    spend_micros = d.spend_micros + EXCLUDED.spend_micros;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the updates that change what the overview sums: the live loop's many other writes (leases,
-- steps, versions, a running call's growing length) never call the function.
CREATE TRIGGER calls_call_days_update AFTER UPDATE OF queue_status, duration_ms, price_micros, created_at, org_id ON calls
FOR EACH ROW
WHEN (OLD.queue_status IS DISTINCT FROM NEW.queue_status
   OR (OLD.duration_ms IS DISTINCT FROM NEW.duration_ms AND NEW.queue_status IN ('complete', 'call_error'))
   OR OLD.price_micros IS DISTINCT FROM NEW.price_micros
   OR OLD.created_at IS DISTINCT FROM NEW.created_at
   OR OLD.org_id IS DISTINCT FROM NEW.org_id)
EXECUTE FUNCTION call_days_on_update();
