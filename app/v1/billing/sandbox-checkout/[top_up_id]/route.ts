// POST /v1/billing/sandbox-checkout/{top_up_id} — the sandbox checkout's Pay or Decline (no money moves); back to the top-up page.
import { getBillingDeps } from '@/lib/composition/root';
import { settleSandboxCheckout } from '@/lib/wallet/billing/settle-sandbox-checkout';
import { ApiError, defineRoute, parseBody, uuidParam } from '@/lib/platform/http';
import { readLimited } from '@/lib/platform/http/read-limited';
import { SandboxCheckoutAction } from '@/schemas/billing';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const topUpId = uuidParam(params, 'top_up_id');
    // The page's plain HTML form: application/x-www-form-urlencoded, a few bytes.
    const body = await readLimited(
      request,
      1024,
      () => new ApiError('PAYLOAD_TOO_LARGE'),
      'INVALID_BODY',
    );
    const form = new URLSearchParams(body.toString('utf8'));
    const { action } = parseBody(SandboxCheckoutAction, Object.fromEntries(form));
    await settleSandboxCheckout(await getBillingDeps(), { topUpId, action });
    const result = action === 'pay' ? 'paid' : 'cancelled';
    // Not Response.redirect: its headers are immutable, and every answer gets X-Request-Id. A path,
    // not a URL: the browser stays on the host whose form it posted, and no Host header is echoed.
    const location = `/billing/top-ups/${topUpId}?result=${result}`;
    return new Response(null, { status: 303, headers: { Location: location } });
  },
});
