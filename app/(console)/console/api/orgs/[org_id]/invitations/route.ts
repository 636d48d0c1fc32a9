// POST /console/api/orgs/{org_id}/invitations — invite by email (7 days, single use). Signed-in members (members.manage).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { getMailer } from '@/lib/composition/adapters';
import { inviteMember } from '@/lib/accounts/members/invite-member';
import { InviteRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('members.manage', async ({ request, orgId, db, actor, role: actorRole }) => {
    const input = parseBody(InviteRequest, await readJson(request, 'INVALID_BODY'));
    const invitation = await inviteMember(
      { db, mailer: getMailer(), origin: publicOrigin('marketing') },
      { orgId, email: input.email, role: input.role, actorRole },
      actor,
      new Date(),
    );
    return Response.json(
      { invitation_id: invitation.invitationId, expires_at: invitation.expiresAt.toISOString() },
      { status: 201 },
    );
  }),
});
