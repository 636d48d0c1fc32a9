import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';

/**
 * Closes an open invitation of the org so its link no longer works; returns its address and role
 * (a resend invites them again). An accepted, revoked or unknown one is 404.
 */
export async function revokeInvitation(
  db: Db,
  input: { orgId: string; invitationId: string },
  actor: AuditActor,
  now: Date,
): Promise<{ email: string; role: (typeof schema.orgInvitations.$inferSelect)['role'] }> {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(schema.orgInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(schema.orgInvitations.id, input.invitationId),
          eq(schema.orgInvitations.orgId, input.orgId),
          isNull(schema.orgInvitations.acceptedAt),
          isNull(schema.orgInvitations.revokedAt),
        ),
      )
      .returning({ email: schema.orgInvitations.email, role: schema.orgInvitations.role });
    if (!closed) throw new ApiError('NOT_FOUND', { message: 'No open invitation has this id.' });
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor,
        action: 'invitation.revoke',
        target: { type: 'invitation', id: input.invitationId },
        before: closed,
      },
      now,
    );
    return closed;
  });
}
