import { and, eq } from 'drizzle-orm';
import { roleAllows, type MemberRole } from '../access/permissions';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';
import { cutMemberKeys, type CutKey } from './cut-member-keys';

/**
 * Sets a member's role (`role`) or removes them (`null`). Only a role allowed ownership.manage
 * grants or takes the owner role. The last owner can neither be demoted, removed nor leave: the
 * database refuses the commit (trigger `org_members_keep_an_owner`, answered 409 LAST_OWNER), so
 * two owners demoting each other at once cannot both succeed. The member's keys are cut to the
 * new role (revoked on removal) in the same transaction; returns those keys.
 */
export async function changeMember(
  db: Db,
  input: { orgId: string; userId: string; role: MemberRole | null; actorRole: MemberRole },
  actor: AuditActor,
  now: Date,
): Promise<CutKey[]> {
  return db.transaction(async (tx) => {
    const where = and(
      eq(schema.orgMembers.orgId, input.orgId),
      eq(schema.orgMembers.userId, input.userId),
    );
    const [current] = await tx.select().from(schema.orgMembers).where(where).for('update');
    if (!current) throw new ApiError('NOT_FOUND', { message: 'No member has this id.' });
    const touchesOwner = current.role === 'owner' || input.role === 'owner';
    if (touchesOwner && !roleAllows(input.actorRole, 'ownership.manage'))
      throw new ApiError('FORBIDDEN', {
        message: 'Only an owner can grant or take the owner role.',
      });
    if (input.role === null) await tx.delete(schema.orgMembers).where(where);
    else await tx.update(schema.orgMembers).set({ role: input.role }).where(where);
    const cut = await cutMemberKeys(tx, input, actor, now);
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor,
        action: input.role === null ? 'member.remove' : 'member.role',
        target: { type: 'user', id: input.userId },
        before: { role: current.role },
        after: input.role === null ? null : { role: input.role },
      },
      now,
    );
    return cut;
  });
}
