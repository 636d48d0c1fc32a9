import type { OrgKey } from './list-org-keys';
import { microsToUsd } from '../../platform/money';
import { capCents } from './set-key-spend-cap';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A key as the console and the admin API show it (never the secret). */
export function keyJson(key: OrgKey) {
  return {
    key_id: key.keyId,
    prefix: key.prefix,
    name: key.name,
    scopes: key.scopes,
    full_access: key.scopes === null,
    created_at: key.createdAt.toISOString(),
    expires_at: iso(key.expiresAt),
    last_used_at: iso(key.lastUsedAt),
    last_used_ip: key.lastUsedIp,
    previous_secret_valid_until: iso(key.previousExpiresAt),
    agent_client_name: key.agentClientName,
    monthly_spend_cap_cents: capCents(key.spendCapMicros),
    month_spend_usd: microsToUsd(key.monthSpentMicros),
  };
}
