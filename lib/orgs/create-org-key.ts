import { recordAudit, type AuditActor } from '../audit/record-audit';
import type { Executor } from '../db';
import { capCents } from './set-key-spend-cap';
import { issueApiKey, type IssuedKey, type KeyOptions } from './issue-api-key';

/** A scoped key made by a member (or an approved agent), with its audit row, in one transaction. */
export async function createOrgKey(
  db: Executor,
  orgId: string,
  options: KeyOptions & { name: string; scopes: string[] },
  actor: AuditActor,
  now: Date,
): Promise<IssuedKey> {
  return db.transaction(async (tx) => {
    const key = await issueApiKey(tx, orgId, now, options);
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'key.create',
        target: { type: 'api_key', id: key.keyId },
        after: {
          name: options.name,
          scopes: options.scopes,
          expires_at: options.expiresAt?.toISOString() ?? null,
          agent_client_name: options.agentClientName ?? null,
          monthly_spend_cap_cents: capCents(options.spendCapMicros ?? null),
        },
      },
      now,
    );
    return key;
  });
}
