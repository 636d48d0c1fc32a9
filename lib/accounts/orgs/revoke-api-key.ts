import { recordAudit, type AuditActor } from '../audit/record-audit';
import type { Db } from '../../adapters/db';
import { updateActiveKey } from './update-active-key';

/** Revoking is immediate: the current secret and any old one still in grace stop working. */
export async function revokeApiKey(
  db: Db,
  orgId: string,
  keyId: string,
  now: Date,
  actor: AuditActor = { type: 'admin', id: null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await updateActiveKey(tx, orgId, keyId, { revokedAt: now });
    await recordAudit(
      tx,
      { orgId, actor, action: 'key.revoke', target: { type: 'api_key', id: keyId } },
      now,
    );
  });
}
