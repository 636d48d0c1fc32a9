import { and, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { hashInvitationToken } from './invite-member';

export interface OpenInvitation {
  orgName: string;
  email: string;
  role: string;
  /** The inviter as people know them (name and email), or "Voice AI" for an operator's invite. */
  inviter: string;
}

/**
 * What an invitation link's page says before anyone accepts: the org, the role, who invited and
 * the address it is for. NULL when the token is not an open invitation (used, revoked, expired).
 */
export async function findInvitation(
  db: Db,
  token: string,
  now: Date,
): Promise<OpenInvitation | null> {
  const [row] = await db
    .select({
      orgName: schema.organizations.name,
      email: schema.orgInvitations.email,
      role: schema.orgInvitations.role,
      inviterName: schema.authUsers.name,
      inviterEmail: schema.authUsers.email,
    })
    .from(schema.orgInvitations)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.orgInvitations.orgId))
    .leftJoin(schema.authUsers, eq(schema.authUsers.id, schema.orgInvitations.invitedBy))
    .where(
      and(
        eq(schema.orgInvitations.tokenHash, hashInvitationToken(token)),
        isNull(schema.orgInvitations.acceptedAt),
        isNull(schema.orgInvitations.revokedAt),
        gt(schema.orgInvitations.expiresAt, now),
      ),
    );
  if (!row) return null;
  const inviter = row.inviterEmail
    ? row.inviterName
      ? `${row.inviterName} (${row.inviterEmail})`
      : row.inviterEmail
    : 'Voice AI';
  return { orgName: row.orgName, email: row.email, role: row.role, inviter };
}
