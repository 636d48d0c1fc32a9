// POST /v1/speak — a whole text as one WAV file, with x-latency (ms) and x-cost (USD) headers.
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { ApiError, asApiError, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { microsToUsd } from '@/lib/platform/money';
import { speakFormat } from '@/lib/speech/formats';
import { getSpeechDeps } from '@/lib/composition/root';
import { speakWhole } from '@/lib/speech/speak-whole';
import { SpeakRequest } from '@/schemas/speech';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const key = await requireApiKey(request);
    const input = parseBody(SpeakRequest, await readJson(request, 'INVALID_BODY'));
    const spoken = await speakWhole(await getSpeechDeps(), {
      orgId: key.orgId,
      key,
      text: input.text,
      voice: input.voice_id,
      format: speakFormat(input.output_format),
      signal: request.signal,
    }).catch((error: unknown) => {
      throw asApiError(error, (cause) => new ApiError('SPEECH_FAILED', { cause }));
    });
    return new Response(new Uint8Array(spoken.wav), {
      headers: {
        'Content-Type': 'audio/x-wav',
        'Cache-Control': 'no-store',
        'x-latency': String(spoken.latencyMs),
        'x-cost': microsToUsd(spoken.chargedMicros).toFixed(6),
        ...spoken.headers,
      },
    });
  },
});
