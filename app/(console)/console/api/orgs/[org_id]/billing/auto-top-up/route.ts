// PUT /console/api/orgs/{org_id}/billing/auto-top-up — save auto top-up and low-balance mail (owners: billing.auto_top_up).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getBillingDeps } from '@/lib/billing/get-billing-deps';
import { saveAutoTopUp } from '@/lib/billing/auto-top-up/save-auto-top-up';
import { clientIp, defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { AutoTopUpRequest } from '@/schemas/auto-top-up';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PUT: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const deps = await getBillingDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(deps.db, user.id, orgId, 'billing.auto_top_up');
    const input = parseBody(AutoTopUpRequest, await readJson(request, 'INVALID_BODY'));
    const saved = await saveAutoTopUp(
      deps,
      { ...input, orgId },
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
    );
    return Response.json(saved);
  },
});
