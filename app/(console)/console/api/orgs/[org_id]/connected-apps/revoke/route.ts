// POST /console/api/orgs/{org_id}/connected-apps/revoke — disconnect an OAuth client: its grants for the org and every token of them end. Signed-in members (oauth.revoke), audited.
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { revokeConnectedApp } from '@/lib/tool-server/oauth/revoke-connected-app';
import { RevokeConnectedAppRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('oauth.revoke', async ({ request, orgId, db, actor }) => {
    const input = parseBody(RevokeConnectedAppRequest, await readJson(request, 'INVALID_BODY'));
    const { grants } = await revokeConnectedApp(db, orgId, input.client_id, actor, new Date());
    return Response.json({ client_id: input.client_id, revoked_grants: grants });
  }),
});
