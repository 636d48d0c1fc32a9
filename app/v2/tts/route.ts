// POST /v2/tts — stream speech for a text (WAV or raw PCM/μ-law), under the org's concurrency limit.
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { audioResponse, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { contentType } from '@/lib/speech/audio-format';
import { audioFormat } from '@/lib/speech/formats';
import { getSpeechDeps } from '@/lib/composition/root';
import { startSpeech } from '@/lib/speech/start-speech';
import { TtsRequest } from '@/schemas/speech';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const key = await requireApiKey(request);
    const input = parseBody(TtsRequest, await readJson(request, 'INVALID_BODY'));
    const format = audioFormat(input.audio);
    const started = await startSpeech(await getSpeechDeps(), {
      orgId: key.orgId,
      key,
      text: input.text,
      voice: input.voice,
      format,
      speed: input.controls?.speed,
      signal: request.signal,
    });
    return audioResponse(started.audio, {
      'Content-Type': contentType(format),
      ...started.headers,
    });
  },
});
