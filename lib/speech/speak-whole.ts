import { completeWav } from './audio-format';
import { startSpeech, type SpeechJob } from './start-speech';
import type { SpeechDeps } from './types';

/**
 * `/v1/speak`: the whole text as one WAV file (length known, so a plain file any player takes),
 * with the synthesis time and what it cost.
 */
export async function speakWhole(deps: SpeechDeps, job: SpeechJob) {
  const started = deps.clock.now();
  const speech = await startSpeech(deps, {
    ...job,
    format: { ...job.format, container: 'raw', encoding: 'pcm_s16le' },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of speech.audio) chunks.push(chunk);
  const wav = completeWav(Buffer.concat(chunks), job.format);
  return {
    wav,
    headers: speech.headers,
    latencyMs: deps.clock.now() - started,
    chargedMicros: await speech.charged,
  };
}
