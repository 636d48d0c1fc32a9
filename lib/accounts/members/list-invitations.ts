import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

/** An organization's invitations still open (neither accepted, revoked nor expired), oldest first. */
export async function listInvitations(db: Db, orgId: string, now: Date) {
  return db
    .select({
      invitationId: schema.orgInvitations.id,
      email: schema.orgInvitations.email,
      role: schema.orgInvitations.role,
      createdAt: schema.orgInvitations.createdAt,
      expiresAt: schema.orgInvitations.expiresAt,
    })
    .from(schema.orgInvitations)
    .where(
      and(
        eq(schema.orgInvitations.orgId, orgId),
        isNull(schema.orgInvitations.acceptedAt),
        isNull(schema.orgInvitations.revokedAt),
        gt(schema.orgInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(schema.orgInvitations.createdAt));
}
