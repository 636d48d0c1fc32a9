// POST /console/api/invitations/accept — the signed-in user joins the org of an invitation meant for their address.
import { requireSessionUser } from '@/lib/accounts/auth/require-session-user';
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { acceptInvitation } from '@/lib/accounts/members/accept-invitation';
import { AcceptInvitationRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const user = await requireSessionUser(request);
    const { token } = parseBody(AcceptInvitationRequest, await readJson(request, 'INVALID_BODY'));
    const joined = await acceptInvitation(await getDb(), token, user, new Date());
    return Response.json({ org_id: joined.orgId, role: joined.role });
  },
});
