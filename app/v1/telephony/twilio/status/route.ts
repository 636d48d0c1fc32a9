// POST /v1/telephony/twilio/status — Twilio's signed call status and machine-detection callbacks.
import { receiveCarrierCallback } from '@/lib/calls/lifecycle';
import { getCallDeps } from '@/lib/composition/root';
import { defineRoute } from '@/lib/platform/http';
import { readCarrierForm } from '@/lib/platform/http/read-carrier-form';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    await receiveCarrierCallback(await getCallDeps(), await readCarrierForm(request));
    return new Response(null, { status: 204 });
  },
});
