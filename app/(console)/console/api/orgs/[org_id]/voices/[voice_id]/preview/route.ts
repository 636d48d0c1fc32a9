// GET /console/api/orgs/{org_id}/voices/{voice_id}/preview — the studio's play button: a short WAV (voices.read; free).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import { previewVoice } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('voices.read', async ({ request, params, orgId }) => {
    const deps = await getVoiceDeps();
    const voiceId = typeof params.voice_id === 'string' ? params.voice_id : '';
    // The API's preview: the fixed greeting, not billed and not counted as a generation.
    const wav = await previewVoice(deps, orgId, voiceId, undefined, request.signal);
    return new Response(new Uint8Array(wav), {
      headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'private, max-age=300' },
    });
  }),
});
