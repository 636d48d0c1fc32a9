// GET /v1/recordings/{call_id}?expires&signature — a signed, expiring recording link (no key; Range → 206); tampered → 404.
import { getRecordingWav } from '@/lib/calls/wav-response';
import { verifyRecordingSignature } from '@/lib/calls/recording-link';
import { getConfig } from '@/lib/platform/config/config';
import { getDb } from '@/lib/composition/adapters';
import { ApiError, byteRangeResponse, defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const callId = uuidParam(params, 'call_id');
    const query = request.nextUrl.searchParams;
    const valid = verifyRecordingSignature(
      getConfig().URL_SIGNING_KEY,
      callId,
      query.get('expires'),
      query.get('signature'),
      Date.now(),
    );
    if (!valid) throw new ApiError('NOT_FOUND');
    const wav = await getRecordingWav(await getDb(), callId);
    return byteRangeResponse(new Uint8Array(wav), request.headers.get('range'), {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'private, max-age=300',
    });
  },
});
