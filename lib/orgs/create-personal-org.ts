import { recordAudit } from '../audit/record-audit';
import { schema, type Db } from '../db';
import { insertOrg } from './insert-org';

/**
 * The organization a sign-up starts with: an `organizations` row like an admin-created one, the
 * configured starting credit (which never counts toward the $5 unlock) and the user as owner.
 */
export async function createPersonalOrg(
  db: Db,
  user: { id: string; name: string; email: string },
  startingCreditMicros: number,
  now: Date,
): Promise<string> {
  const label = user.name.trim() || user.email.split('@')[0] || 'My';
  return db.transaction(async (tx) => {
    const orgId = await insertOrg(
      tx,
      { name: `${label}'s organization`, startingCreditMicros },
      now,
    );
    await tx
      .insert(schema.orgMembers)
      .values({ orgId, userId: user.id, role: 'owner', createdAt: now });
    await recordAudit(
      tx,
      {
        orgId,
        actor: { type: 'user', id: user.id },
        action: 'member.add',
        target: { type: 'user', id: user.id },
        after: { role: 'owner', reason: 'sign-up' },
      },
      now,
    );
    return orgId;
  });
}
