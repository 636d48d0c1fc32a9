import { recordAudit, type AuditActor } from '../audit/record-audit';
import { ApiError } from '../../platform/errors/api-error';
import type { Executor } from '../../adapters/db';
import { capCents } from './set-key-spend-cap';
import { issueApiKey, type IssuedKey, type KeyOptions } from './issue-api-key';
import { makerRole, requireScopesWithinRole } from './key-maker';

/**
 * A scoped key made by a member (or an agent a member approved: they are its maker), with its
 * audit row, in one transaction. The key holds only scopes the maker's role allows now: 403
 * SCOPE_NOT_ALLOWED otherwise.
 */
export async function createOrgKey(
  db: Executor,
  orgId: string,
  options: KeyOptions & { name: string; scopes: string[]; createdBy: string },
  actor: AuditActor,
  now: Date,
): Promise<IssuedKey> {
  return db.transaction(async (tx) => {
    const role = await makerRole(tx, orgId, options.createdBy);
    if (!role) throw new ApiError('FORBIDDEN', { message: 'The key’s maker is not a member.' });
    requireScopesWithinRole(options.scopes, role);
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
          created_by: options.createdBy,
        },
      },
      now,
    );
    return key;
  });
}
