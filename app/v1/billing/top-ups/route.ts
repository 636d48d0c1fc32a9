// POST /v1/billing/top-ups — start a wallet top-up: returns the checkout URL a person pays at.
import { getBillingDeps } from '@/lib/composition/root';
import { startTopUp } from '@/lib/wallet/billing/start-top-up';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { TopUpRequest } from '@/schemas/billing';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const input = parseBody(TopUpRequest, await readJson(request, 'INVALID_BODY'));
    const started = await startTopUp(await getBillingDeps(), {
      orgId,
      amountCents: Math.round(input.amount_usd * 100),
      keyId,
      origin: publicOrigin('voice'),
      actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
    });
    return Response.json(started, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});
