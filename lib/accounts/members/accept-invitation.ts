import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';
import type { SessionUser } from '../auth/current-session';
import { hashInvitationToken } from './invite-member';

/**
 * Joins the signed-in user to the invitation's org: once, before it expires, same address only.
 * It never changes an existing membership (role changes go through the members page): a member
 * accepting is refused with 409 ALREADY_MEMBER, and the invitation is closed (revoked) so it
 * cannot be used later, should they leave.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: SessionUser,
  now: Date,
): Promise<{ orgId: string; role: string }> {
  const outcome = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(schema.orgInvitations)
      .where(
        and(
          eq(schema.orgInvitations.tokenHash, hashInvitationToken(token)),
          eq(schema.orgInvitations.email, user.email.toLowerCase()),
          isNull(schema.orgInvitations.acceptedAt),
          isNull(schema.orgInvitations.revokedAt),
          gt(schema.orgInvitations.expiresAt, now),
        ),
      )
      .for('update');
    if (!invitation) throw new ApiError('INVITATION_INVALID');
    const joined = await tx
      .insert(schema.orgMembers)
      .values({ orgId: invitation.orgId, userId: user.id, role: invitation.role, createdAt: now })
      .onConflictDoNothing({ target: [schema.orgMembers.orgId, schema.orgMembers.userId] })
      .returning({ role: schema.orgMembers.role });
    const member = joined.length > 0;
    await tx
      .update(schema.orgInvitations)
      .set(member ? { acceptedAt: now } : { revokedAt: now })
      .where(eq(schema.orgInvitations.id, invitation.id));
    await recordAudit(
      tx,
      {
        orgId: invitation.orgId,
        actor: { type: 'user', id: user.id },
        action: member ? 'invitation.accept' : 'invitation.refuse',
        target: { type: 'invitation', id: invitation.id },
        after: {
          role: invitation.role,
          email: invitation.email,
          ...(member ? {} : { reason: 'already_member' }),
        },
      },
      now,
    );
    return { orgId: invitation.orgId, role: invitation.role, member };
  });
  // Thrown after the commit, so the closed invitation and its audit row are kept.
  if (!outcome.member) throw new ApiError('ALREADY_MEMBER');
  return { orgId: outcome.orgId, role: outcome.role };
}
