// GET|PUT /v1/billing/auto-top-up — the wallet's capped auto top-up and low-balance mail settings.
import { getBillingDeps } from '@/lib/composition/root';
import { readAutoTopUp } from '@/lib/wallet/billing/auto-top-up/read-auto-top-up';
import { saveAutoTopUp } from '@/lib/wallet/billing/auto-top-up/save-auto-top-up';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { AutoTopUpRequest } from '@/schemas/auto-top-up';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const deps = await getBillingDeps();
    const body = await readAutoTopUp(deps.db, {
      orgId,
      provider: deps.payments.kind,
      now: new Date(deps.clock.now()),
    });
    return Response.json(body, { headers: noStore });
  },
  PUT: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const input = parseBody(AutoTopUpRequest, await readJson(request, 'INVALID_BODY'));
    const saved = await saveAutoTopUp(
      await getBillingDeps(),
      { ...input, orgId },
      { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
    );
    return Response.json(saved, { headers: noStore });
  },
});
