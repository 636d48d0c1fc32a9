// POST /console/api/orgs/{org_id}/invitations/{invitation_id}/resend — close the invitation and mail a new link (7 days again). Signed-in members (members.manage).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, publicOrigin } from '@/lib/platform/http';
import { getMailer } from '@/lib/composition/adapters';
import { inviteMember } from '@/lib/accounts/members/invite-member';
import { revokeInvitation } from '@/lib/accounts/members/revoke-invitation';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('members.manage', async ({ params, orgId, db, actor, role: actorRole }) => {
    const invitationId = typeof params.invitation_id === 'string' ? params.invitation_id : '';
    // Only the token's hash is kept, so the old link cannot be mailed again: a fresh one replaces it.
    const { email, role } = await revokeInvitation(db, { orgId, invitationId }, actor, new Date());
    const invitation = await inviteMember(
      { db, mailer: getMailer(), origin: publicOrigin('marketing') },
      { orgId, email, role, actorRole },
      actor,
      new Date(),
    );
    return Response.json(
      { invitation_id: invitation.invitationId, expires_at: invitation.expiresAt.toISOString() },
      { status: 201 },
    );
  }),
});
