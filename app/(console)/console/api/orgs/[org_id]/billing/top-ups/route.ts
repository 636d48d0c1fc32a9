// POST /console/api/orgs/{org_id}/billing/top-ups — the console's "Add funds" (billing.manage; the API's top-up).
import { withMember } from '@/lib/accounts/access/with-member';
import { getBillingDeps } from '@/lib/composition/root';
import { startTopUp } from '@/lib/wallet/billing/start-top-up';
import { defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { TopUpRequest } from '@/schemas/billing';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('billing.manage', async ({ request, orgId, actor }) => {
    const deps = await getBillingDeps();
    const input = parseBody(TopUpRequest, await readJson(request, 'INVALID_BODY'));
    const started = await startTopUp(deps, {
      orgId,
      amountCents: Math.round(input.amount_usd * 100),
      keyId: null,
      origin: publicOrigin('voice'),
      actor,
    });
    return Response.json(started, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  }),
});
