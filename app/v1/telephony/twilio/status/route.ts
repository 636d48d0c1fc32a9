// POST /v1/telephony/twilio/status — Twilio's signed call status and machine-detection callbacks.
import { receiveCarrierCallback } from '@/lib/calls/lifecycle';
import { getCallDeps } from '@/lib/composition/root';
import { ApiError, defineRoute } from '@/lib/platform/http';
import { readLimited } from '@/lib/platform/http/read-limited';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 64 * 1024;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const body = await readLimited(
      request,
      MAX_BODY_BYTES,
      () => new ApiError('PAYLOAD_TOO_LARGE'),
      'INVALID_BODY',
    );
    await receiveCarrierCallback(await getCallDeps(), {
      signature: request.headers.get('x-twilio-signature'),
      pathAndQuery: `${request.nextUrl.pathname}${request.nextUrl.search}`,
      form: Object.fromEntries(new URLSearchParams(body.toString('utf8'))),
    });
    return new Response(null, { status: 204 });
  },
});
