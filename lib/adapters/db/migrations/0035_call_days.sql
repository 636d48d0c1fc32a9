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
-- Adds to one organization's day (negative figures take away): the one upsert both triggers use.
CREATE FUNCTION call_days_add(org uuid, on_day date, n_calls bigint, n_completed bigint,
                              n_errors bigint, n_connected_ms bigint, n_spend_micros bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO call_days AS d (org_id, day, calls, completed, errors, connected_ms, spend_micros)
  VALUES (org, on_day, n_calls, n_completed, n_errors, n_connected_ms, n_spend_micros)
  ON CONFLICT (org_id, day) DO UPDATE SET
    calls = d.calls + EXCLUDED.calls,
    completed = d.completed + EXCLUDED.completed,
    errors = d.errors + EXCLUDED.errors,
    connected_ms = d.connected_ms + EXCLUDED.connected_ms,
    spend_micros = d.spend_micros + EXCLUDED.spend_micros;
$$;
--> statement-breakpoint
-- One statement's new calls (a batch inserts 10,000 at once): one upsert per org and day.
CREATE FUNCTION call_days_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_days_add(org_id, day, calls, completed, errors, connected_ms, spend_micros)
  FROM (
    SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS calls,
           count(*) FILTER (WHERE queue_status = 'complete') AS completed,
           count(*) FILTER (WHERE queue_status = 'call_error') AS errors,
           coalesce(sum(duration_ms) FILTER (WHERE queue_status IN ('complete', 'call_error')), 0)::bigint AS connected_ms,
           coalesce(sum(price_micros), 0)::bigint AS spend_micros
    FROM new_calls GROUP BY 1, 2
  ) AS days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_call_days_insert AFTER INSERT ON calls
REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT
EXECUTE FUNCTION call_days_on_insert();
--> statement-breakpoint
-- A call's contribution leaves its day and joins it again as it is now (another day only when
-- created_at changed): the figures of OLD taken away, those of NEW added.
CREATE FUNCTION call_days_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_days_add(OLD.org_id, (OLD.created_at AT TIME ZONE 'UTC')::date, -1,
    -(OLD.queue_status = 'complete')::int, -(OLD.queue_status = 'call_error')::int,
    -(CASE WHEN OLD.queue_status IN ('complete', 'call_error') THEN OLD.duration_ms ELSE 0 END),
    -coalesce(OLD.price_micros, 0));
  PERFORM call_days_add(NEW.org_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1,
    (NEW.queue_status = 'complete')::int, (NEW.queue_status = 'call_error')::int,
    CASE WHEN NEW.queue_status IN ('complete', 'call_error') THEN NEW.duration_ms ELSE 0 END,
    coalesce(NEW.price_micros, 0));
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
