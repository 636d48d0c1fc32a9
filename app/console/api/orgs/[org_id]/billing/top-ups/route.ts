// POST /console/api/orgs/{org_id}/billing/top-ups — the console's "Add funds" (billing.manage; the API's top-up).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getBillingDeps } from '@/lib/billing/get-billing-deps';
import { startTopUp } from '@/lib/billing/start-top-up';
import { clientIp, defineRoute, parseBody, publicOrigin, readJson, uuidParam } from '@/lib/http';
import { TopUpRequest } from '@/schemas/billing';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const deps = await getBillingDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(deps.db, user.id, orgId, 'billing.manage');
    const input = parseBody(TopUpRequest, await readJson(request, 'INVALID_BODY'));
    const started = await startTopUp(deps, {
      orgId,
      amountCents: Math.round(input.amount_usd * 100),
      keyId: null,
      origin: publicOrigin('voice', request),
      actor: { type: 'user', id: user.id, ip: clientIp(request.headers) },
    });
    return Response.json(started, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});
