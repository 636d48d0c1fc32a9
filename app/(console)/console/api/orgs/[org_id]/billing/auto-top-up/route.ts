// PUT /console/api/orgs/{org_id}/billing/auto-top-up — save auto top-up and low-balance mail (owners: billing.auto_top_up).
import { withMember } from '@/lib/accounts/access/with-member';
import { getBillingDeps } from '@/lib/composition/root';
import { saveAutoTopUp } from '@/lib/wallet/billing/auto-top-up/save-auto-top-up';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { AutoTopUpRequest } from '@/schemas/auto-top-up';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PUT: withMember('billing.auto_top_up', async ({ request, orgId, actor }) => {
    const deps = await getBillingDeps();
    const input = parseBody(AutoTopUpRequest, await readJson(request, 'INVALID_BODY'));
    const saved = await saveAutoTopUp(deps, { ...input, orgId }, actor);
    return Response.json(saved);
  }),
});
