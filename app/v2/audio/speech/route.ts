// POST /v2/audio/speech — OpenAI-compatible speech (point the openai client's baseURL at {api_url}/v2).
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { audioResponse, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { contentType } from '@/lib/speech/audio-format';
import { openAiFormat } from '@/lib/speech/formats';
import { getSpeechDeps } from '@/lib/composition/root';
import { startSpeech } from '@/lib/speech/start-speech';
import { OpenAiSpeechRequest } from '@/schemas/speech';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const key = await requireApiKey(request);
    const input = parseBody(OpenAiSpeechRequest, await readJson(request, 'INVALID_BODY'));
    const format = openAiFormat(input.response_format);
    const started = await startSpeech(await getSpeechDeps(), {
      orgId: key.orgId,
      key,
      text: input.input,
      voice: input.voice,
      format,
      speed: input.speed,
      signal: request.signal,
    });
    return audioResponse(started.audio, {
      'Content-Type': contentType(format),
      ...started.headers,
    });
  },
});
