// GET /internal/voices/{voice_id}/consent-recording — admin only: the recorded consent statement the review listens to (Range → 206).
import { getDb } from '@/lib/composition/adapters';
import { byteRangeResponse, defineRoute, requireAdmin, uuidParam } from '@/lib/platform/http';
import { getConsentRecording } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    requireAdmin(request);
    const wav = await getConsentRecording(await getDb(), uuidParam(params, 'voice_id'));
    return byteRangeResponse(new Uint8Array(wav), request.headers.get('range'), {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'private, no-store',
    });
  },
});
