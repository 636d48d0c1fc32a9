// POST /console/api/orgs/{org_id}/connected-apps/revoke — disconnect an OAuth client: its grants for the org and every token of them end. Signed-in members (oauth.revoke), audited.
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { revokeConnectedApp } from '@/lib/oauth/revoke-connected-app';
import { RevokeConnectedAppRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'oauth.revoke');
    const input = parseBody(RevokeConnectedAppRequest, await readJson(request, 'INVALID_BODY'));
    const { grants } = await revokeConnectedApp(
      db,
      orgId,
      input.client_id,
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json({ client_id: input.client_id, revoked_grants: grants });
  },
});
