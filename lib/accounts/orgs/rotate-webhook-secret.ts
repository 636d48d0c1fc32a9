import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { newWebhookSecret } from './new-webhook-secret';

/**
 * A new signing secret for the organization's post-call webhooks. Every attempt reads the secret
 * when it signs, so from now on (retries of older deliveries included) only the new one signs.
 * Audited as a webhook-settings change; the secret itself never goes into the audit log.
 */
export async function rotateWebhookSecret(
  db: Db,
  orgId: string,
  actor: AuditActor,
  now: Date,
): Promise<{ secret: string; rotated_at: string }> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(schema.organizations)
      .set({ webhookSecret: secret })
      .where(eq(schema.organizations.id, orgId))
      .returning({ id: schema.organizations.id });
    if (updated.length === 0) {
      throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
    }
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'webhooks.secret_rotate',
        target: { type: 'organization', id: orgId },
        after: { signing_secret: 'rotated' },
      },
      now,
    );
    return { secret, rotated_at: now.toISOString() };
  });
}
