// POST /v1/telephony/twilio/inbound — Twilio's signed voice webhook: a caller rang one of our numbers.
import { answerInboundWebhook } from '@/lib/calls/numbers';
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
    const twiml = await answerInboundWebhook(await getCallDeps(), {
      signature: request.headers.get('x-twilio-signature'),
      pathAndQuery: `${request.nextUrl.pathname}${request.nextUrl.search}`,
      form: Object.fromEntries(new URLSearchParams(body.toString('utf8'))),
    });
    return new Response(twiml, {
      headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  },
});
