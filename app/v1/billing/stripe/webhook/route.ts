// POST /v1/billing/stripe/webhook — Stripe's signed events: paid top-ups credit the wallet, refunds and disputes take back.
import { getBillingDeps } from '@/lib/composition/root';
import { receiveStripeWebhook } from '@/lib/wallet/billing/receive-stripe-webhook';
import { ApiError, defineRoute, MAX_JSON_BODY_BYTES, publicOrigin } from '@/lib/platform/http';
import { getMailer } from '@/lib/composition/adapters';
import { readLimited } from '@/lib/platform/http/read-limited';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    // The signature covers the exact bytes: read them raw, never re-serialised JSON.
    const bytes = await readLimited(
      request,
      MAX_JSON_BODY_BYTES,
      () => new ApiError('PAYLOAD_TOO_LARGE'),
      'INVALID_BODY',
    );
    const outcome = await receiveStripeWebhook(
      { ...(await getBillingDeps()), mailer: getMailer(), origin: publicOrigin('voice') },
      bytes.toString('utf8'),
      request.headers.get('stripe-signature'),
    );
    return Response.json({ received: true, outcome });
  },
});
