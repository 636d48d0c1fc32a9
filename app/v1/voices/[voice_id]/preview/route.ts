// POST /v1/voices/{voice_id}/preview — a short WAV of the voice (drafts included); body { text? }.
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import { previewVoice } from '@/lib/speech/voices';
import { PreviewRequest } from '@/schemas/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const empty = !request.body || request.headers.get('content-length') === '0';
    const input = parseBody(PreviewRequest, empty ? {} : await readJson(request, 'INVALID_BODY'));
    const wav = await previewVoice(
      await getVoiceDeps(),
      orgId,
      typeof params.voice_id === 'string' ? params.voice_id : '',
      input.text,
      request.signal,
    );
    return new Response(new Uint8Array(wav), {
      headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'no-store' },
    });
  },
});
