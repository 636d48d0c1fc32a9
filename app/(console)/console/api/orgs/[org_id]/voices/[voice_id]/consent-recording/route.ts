// GET /console/api/orgs/{org_id}/voices/{voice_id}/consent-recording — a draft's recorded consent statement (voices.read; Range → 206).
import { withMember } from '@/lib/accounts/access/with-member';
import { byteRangeResponse, defineRoute, uuidParam } from '@/lib/platform/http';
import { getConsentRecording } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('voices.read', async ({ request, params, orgId, db }) => {
    const wav = await getConsentRecording(db, uuidParam(params, 'voice_id'), orgId);
    return byteRangeResponse(new Uint8Array(wav), request.headers.get('range'), {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'private, max-age=300',
    });
  }),
});
