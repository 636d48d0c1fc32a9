// POST /v1/voices/{voice_id}/promote — draft → live, when reviewed, funded and under the live-clone limit.
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, defineRoute } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import { promoteClone, renderClone } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const id = typeof params.voice_id === 'string' ? params.voice_id : '';
    const row = await promoteClone((await getVoiceDeps()).db, orgId, id, new Date(), {
      type: 'api_key',
      id: keyId,
      ip: clientIp(request.headers),
    });
    return Response.json(renderClone(row));
  },
});
