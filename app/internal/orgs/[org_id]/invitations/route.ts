// POST /internal/orgs/{org_id}/invitations — admin only: invite a member by email (an admin-made org's first owner).
import { getDb } from '@/lib/composition/adapters';
import {
  defineRoute,
  parseBody,
  publicOrigin,
  readJson,
  requireAdmin,
  requireOwnOrigin,
  uuidParam,
} from '@/lib/platform/http';
import { getMailer } from '@/lib/composition/adapters';
import { inviteMember } from '@/lib/accounts/members/invite-member';
import { getOrgOrThrow } from '@/lib/accounts/orgs/get-org';
import { InviteRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    requireAdmin(request);
    // The mailed link is ours whatever the Host; a request to another host is refused outright.
    requireOwnOrigin(request.headers);
    const db = await getDb();
    const org = await getOrgOrThrow(db, uuidParam(params, 'org_id'));
    const input = parseBody(InviteRequest, await readJson(request, 'INVALID_BODY'));
    const invitation = await inviteMember(
      { db, mailer: getMailer(), origin: publicOrigin('marketing') },
      { orgId: org.id, email: input.email, role: input.role, actorRole: null },
      { type: 'admin', id: null },
      new Date(),
    );
    return Response.json(
      { invitation_id: invitation.invitationId, expires_at: invitation.expiresAt.toISOString() },
      { status: 201 },
    );
  },
});
