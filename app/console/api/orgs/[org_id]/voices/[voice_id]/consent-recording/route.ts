// GET /console/api/orgs/{org_id}/voices/{voice_id}/consent-recording — a draft's recorded consent statement (voices.read; Range → 206).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { byteRangeResponse, defineRoute, uuidParam } from '@/lib/http';
import { getConsentRecording, getVoiceDeps } from '@/lib/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const { db } = await getVoiceDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'voices.read');
    const wav = await getConsentRecording(db, uuidParam(params, 'voice_id'), orgId);
    return byteRangeResponse(new Uint8Array(wav), request.headers.get('range'), {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'private, max-age=300',
    });
  },
});
