import { recordAudit, type AuditActor } from '../audit/record-audit';
import { schema, type Db } from '../../adapters/db';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key';
import type { IssuedKey } from './issue-api-key';
import { updateActiveKey } from './update-active-key';

export const MAX_GRACE_HOURS = 72;

/**
 * A new secret for the same key id (name, scopes and history kept); the old secret keeps working
 * for `graceHours` (0–72), then 401. A key already in grace loses its older secret at once.
 */
export async function rotateApiKey(
  db: Db,
  orgId: string,
  keyId: string,
  graceHours: number,
  actor: AuditActor,
  now: Date,
): Promise<IssuedKey & { previousValidUntil: Date }> {
  const apiKey = generateApiKey();
  const previousValidUntil = new Date(now.getTime() + graceHours * 3_600_000);
  return db.transaction(async (tx) => {
    await updateActiveKey(tx, orgId, keyId, {
      previousHash: schema.apiKeys.hash,
      previousExpiresAt: previousValidUntil,
      hash: hashApiKey(apiKey),
      prefix: displayPrefix(apiKey),
    });
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'key.rotate',
        target: { type: 'api_key', id: keyId },
        after: { grace_hours: graceHours, previous_valid_until: previousValidUntil.toISOString() },
      },
      now,
    );
    return { keyId, apiKey, previousValidUntil };
  });
}
