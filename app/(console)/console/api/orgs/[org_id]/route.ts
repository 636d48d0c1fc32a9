// PATCH /console/api/orgs/{org_id} — rename the organization. Signed-in members (org.update), audited.
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { renameOrg } from '@/lib/orgs/rename-org';
import { RenameOrgRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'org.update');
    const { name } = parseBody(RenameOrgRequest, await readJson(request, 'INVALID_BODY'));
    await renameOrg(
      db,
      orgId,
      name,
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json({ org_id: orgId, name });
  },
});
