import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { ApiError } from '../http/api-error';
import { schema, type Db } from '../db';
import type { SessionUser } from '../auth/current-session';
import { hashInvitationToken } from './invite-member';

/** Joins the signed-in user to the invitation's org: once, before it expires, same address only. */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: SessionUser,
  now: Date,
): Promise<{ orgId: string; role: string }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(schema.orgInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(schema.orgInvitations.tokenHash, hashInvitationToken(token)),
          eq(schema.orgInvitations.email, user.email.toLowerCase()),
          isNull(schema.orgInvitations.acceptedAt),
          isNull(schema.orgInvitations.revokedAt),
          gt(schema.orgInvitations.expiresAt, now),
        ),
      )
      .returning();
    if (!invitation) throw new ApiError('INVITATION_INVALID');
    await tx
      .insert(schema.orgMembers)
      .values({ orgId: invitation.orgId, userId: user.id, role: invitation.role, createdAt: now })
      .onConflictDoUpdate({
        target: [schema.orgMembers.orgId, schema.orgMembers.userId],
        set: { role: invitation.role },
      });
    await recordAudit(
      tx,
      {
        orgId: invitation.orgId,
        actor: { type: 'user', id: user.id },
        action: 'invitation.accept',
        target: { type: 'invitation', id: invitation.id },
        after: { role: invitation.role, email: invitation.email },
      },
      now,
    );
    return { orgId: invitation.orgId, role: invitation.role };
  });
}
