// GET /console/api/orgs — the signed-in user's organizations and roles; POST — create one (they own it).
import { requireSessionUser } from '@/lib/accounts/auth/require-session-user';
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { createOwnedOrg } from '@/lib/accounts/orgs/create-owned-org';
import { listMemberOrgs } from '@/lib/accounts/orgs/list-member-orgs';
import { CreateMemberOrgRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const user = await requireSessionUser(request);
    const orgs = await listMemberOrgs(await getDb(), user.id);
    return Response.json({
      orgs: orgs.map((o) => ({ org_id: o.orgId, name: o.name, role: o.role })),
    });
  },
  POST: async ({ request }) => {
    const user = await requireSessionUser(request);
    const { name } = parseBody(CreateMemberOrgRequest, await readJson(request, 'INVALID_BODY'));
    const orgId = await createOwnedOrg(await getDb(), user, name, null, 'created', new Date());
    return Response.json({ org_id: orgId, name, role: 'owner' }, { status: 201 });
  },
});
