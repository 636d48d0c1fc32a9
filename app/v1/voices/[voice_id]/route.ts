// GET /v1/voices/{voice_id} — one voice; DELETE — delete one of the organization's clones (frees its slot).
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, defineRoute } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import { deleteClone, getVoice } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

const voiceId = (params: Record<string, string | string[] | undefined>) =>
  typeof params.voice_id === 'string' ? params.voice_id : '';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const voice = await getVoice(await getVoiceDeps(), orgId, voiceId(params));
    return Response.json(voice, { headers: { 'Cache-Control': 'no-store' } });
  },
  DELETE: async ({ request, params }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const id = voiceId(params);
    await deleteClone((await getVoiceDeps()).db, orgId, id, {
      actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      now: new Date(),
    });
    return Response.json({ voice_id: id.toLowerCase(), deleted: true });
  },
});
