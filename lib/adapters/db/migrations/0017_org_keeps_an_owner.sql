-- An organization keeps at least one owner, whatever changes or removes a membership (a handler,
-- a script, a cascade from a deleted user, a hand-typed statement). Checked at commit (deferred),
-- so a transaction may hand ownership over in any order, and skipped once the organization row
-- itself is gone, so deleting a whole organization still works. The organization's row is locked
-- for the check: two transactions demoting each other's owner take turns, and the second sees the
-- first's commit. SQLSTATE VA001 is mapped to 409 LAST_OWNER (lib/db/pg-errors.ts).
CREATE FUNCTION org_members_keep_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM organizations WHERE id = OLD.org_id FOR NO KEY UPDATE;
  IF FOUND AND NOT EXISTS (
    SELECT 1 FROM org_members WHERE org_id = OLD.org_id AND role = 'owner'
  ) THEN
    RAISE EXCEPTION 'organization % would be left without an owner', OLD.org_id
      USING ERRCODE = 'VA001';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER org_members_keep_an_owner
  AFTER UPDATE OR DELETE ON org_members
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.role = 'owner')
  EXECUTE FUNCTION org_members_keep_an_owner();
