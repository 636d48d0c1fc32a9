// GET /internal/orgs/{org_id} — admin only: wallet, deposits, effective limits, webhook signing secret, keys.
import { getDb } from '@/lib/db';
import { defineRoute, requireAdmin, uuidParam } from '@/lib/http';
import { describeOrg } from '@/lib/orgs/get-org';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    requireAdmin(request);
    const detail = await describeOrg(await getDb(), uuidParam(params, 'org_id'));
    return Response.json(detail, { headers: { 'Cache-Control': 'no-store' } });
  },
});
