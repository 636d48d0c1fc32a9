import { recordAudit } from '../audit/record-audit';
import { schema, type Db } from '../../adapters/db';
import { insertOrg, type StartingCredit } from './insert-org';

/** A new `organizations` row with `user` as its owner, and the audit row of that membership. */
export async function createOwnedOrg(
  db: Db,
  user: { id: string },
  name: string,
  startingCredit: StartingCredit | null,
  reason: 'sign-up' | 'created',
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const orgId = await insertOrg(tx, { name, startingCredit }, now);
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
        after: { role: 'owner', reason, name },
      },
      now,
    );
    return orgId;
  });
}
