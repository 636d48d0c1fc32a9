import { encodeWav } from '../../adapters/speech-engine';
import { findVoice } from './find-voice';
import type { VoiceDeps } from './types';

export const PREVIEW_SAMPLE_RATE = 24_000;
export const DEFAULT_PREVIEW_TEXT =
  'Hello! This is a preview of my voice. Thanks for calling, how can I help you today?';

/**
 * A short WAV of any voice the organization can see, drafts included (previewing is what a draft
 * is for). Not billed and not counted as a generation: the text is at most 500 characters.
 */
export async function previewVoice(
  deps: VoiceDeps,
  orgId: string,
  voiceId: string,
  text: string | undefined,
  signal?: AbortSignal,
): Promise<Buffer> {
  const found = await findVoice(deps, orgId, voiceId, 'id');
  const settings =
    found.kind === 'engine'
      ? { voice: found.voice.id }
      : found.kind === 'persona'
        ? {
            voice: found.persona.engineVoice,
            pitch: found.persona.pitch,
            speed: found.persona.speed,
          }
        : { voice: found.row.engineVoice, pitch: found.row.pitch, speed: found.row.speed };
  const known = (await deps.speech.listVoices()).some((v) => v.id === settings.voice);
  const chunks: Buffer[] = [];
  for await (const chunk of deps.speech.synthesize({
    ...settings,
    voice: known ? settings.voice : undefined,
    text: text ?? DEFAULT_PREVIEW_TEXT,
    sampleRate: PREVIEW_SAMPLE_RATE,
    signal,
  })) {
    chunks.push(chunk.pcm);
  }
  return encodeWav(Buffer.concat(chunks), PREVIEW_SAMPLE_RATE);
}
