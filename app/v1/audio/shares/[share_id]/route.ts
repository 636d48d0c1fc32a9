// GET /v1/audio/shares/{share_id} — play a shared generation (no key: the link is the credential; billed to its owner).
import { audioResponse, defineRoute } from '@/lib/platform/http';
import { contentType } from '@/lib/speech/audio-format';
import { getShareOrThrow } from '@/lib/speech/get-share';
import { getSpeechDeps } from '@/lib/composition/root';
import { startSpeech } from '@/lib/speech/start-speech';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const deps = await getSpeechDeps();
    const share = await getShareOrThrow(deps.db, String(params.share_id));
    const started = await startSpeech(deps, {
      orgId: share.orgId,
      text: share.text,
      voice: share.voice,
      format: share.format,
      signal: request.signal,
    });
    return audioResponse(started.audio, {
      'Content-Type': contentType(share.format),
      ...started.headers,
    });
  },
});
