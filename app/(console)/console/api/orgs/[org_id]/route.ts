// PATCH /console/api/orgs/{org_id} — rename the organization. Signed-in members (org.update), audited.
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { renameOrg } from '@/lib/accounts/orgs/rename-org';
import { RenameOrgRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: withMember('org.update', async ({ request, orgId, db, actor }) => {
    const { name } = parseBody(RenameOrgRequest, await readJson(request, 'INVALID_BODY'));
    await renameOrg(db, orgId, name, actor, new Date());
    return Response.json({ org_id: orgId, name });
  }),
});
