// GET /v1/calls/{call_id}/recording — the recording as WAV, with the API key (Range → 206).
import { getCallRowOrThrow } from '@/lib/calls/get-call';
import { getRecordingWav } from '@/lib/calls/wav-response';
import { getDb } from '@/lib/composition/adapters';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { byteRangeResponse, defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const db = await getDb();
    const call = await getCallRowOrThrow(db, orgId, uuidParam(params, 'call_id'));
    const wav = await getRecordingWav(db, call.id);
    return byteRangeResponse(new Uint8Array(wav), request.headers.get('range'), {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'private, no-store',
    });
  },
});
