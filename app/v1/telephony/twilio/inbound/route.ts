// POST /v1/telephony/twilio/inbound — Twilio's signed voice webhook: a caller rang one of our numbers.
import { answerInboundWebhook } from '@/lib/calls/numbers';
import { getCallDeps } from '@/lib/composition/root';
import { defineRoute } from '@/lib/platform/http';
import { readCarrierForm } from '@/lib/platform/http/read-carrier-form';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const twiml = await answerInboundWebhook(await getCallDeps(), await readCarrierForm(request));
    return new Response(twiml, {
      headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  },
});
