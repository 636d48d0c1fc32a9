// POST /console/api/orgs/{org_id}/invitations — invite by email (7 days, single use). Signed-in members (members.manage).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, parseBody, publicOrigin, readJson, uuidParam } from '@/lib/http';
import { getMailer } from '@/lib/mail';
import { inviteMember } from '@/lib/members/invite-member';
import { InviteRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    const actorRole = await requireMember(db, user.id, orgId, 'members.manage');
    const input = parseBody(InviteRequest, await readJson(request, 'INVALID_BODY'));
    const invitation = await inviteMember(
      { db, mailer: getMailer(), origin: publicOrigin('marketing', request) },
      { orgId, email: input.email, role: input.role, actorRole },
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json(
      { invitation_id: invitation.invitationId, expires_at: invitation.expiresAt.toISOString() },
      { status: 201 },
    );
  },
});
