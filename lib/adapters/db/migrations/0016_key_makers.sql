CREATE INDEX "api_keys_maker_idx" ON "api_keys" USING btree ("org_id","created_by");--> statement-breakpoint
-- The tool-server scope was split: a key (or an approved, not yet collected agent key) holding the
-- old `mcp` keeps both halves.
UPDATE "api_keys" SET "scopes" = array_remove("scopes", 'mcp') || ARRAY['mcp:read', 'mcp:write']::text[] WHERE 'mcp' = ANY("scopes");--> statement-breakpoint
UPDATE "agent_onboardings" SET "scopes" = array_remove("scopes", 'mcp') || ARRAY['mcp:read', 'mcp:write']::text[] WHERE 'mcp' = ANY("scopes");--> statement-breakpoint
-- Keys whose maker already left the organization go with them (authentication refuses them
-- anyway); keys with no maker (operator-issued, or older than makers) stay the org's own keys.
UPDATE "api_keys" AS k SET "revoked_at" = now() WHERE k."created_by" IS NOT NULL AND k."revoked_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "org_members" AS m WHERE m."org_id" = k."org_id" AND m."user_id" = k."created_by");
