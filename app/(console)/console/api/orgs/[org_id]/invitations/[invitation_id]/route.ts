// DELETE /console/api/orgs/{org_id}/invitations/{invitation_id} — revoke an open invitation. Signed-in members (members.manage).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute } from '@/lib/platform/http';
import { revokeInvitation } from '@/lib/accounts/members/revoke-invitation';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  DELETE: withMember('members.manage', async ({ params, orgId, db, actor }) => {
    const invitationId = typeof params.invitation_id === 'string' ? params.invitation_id : '';
    await revokeInvitation(db, { orgId, invitationId }, actor, new Date());
    return new Response(null, { status: 204 });
  }),
});
