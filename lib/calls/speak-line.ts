import type { Db } from '../adapters/db';
import { isApiError } from '../platform/errors/api-error';
import type { SpeechEngine } from '../adapters/speech-engine';
import { resolveVoice } from '../speech';
import { pronounce, type PronunciationRule } from './pronounce';

/** Phone audio: 8 kHz, as every line and the recording carry it. */
export const TELEPHONY_SAMPLE_RATE = 8_000;

/** What a line is spoken with: an engine voice (undefined = the default) and its pitch and pace. */
export interface LineVoice {
  engineVoice: string | undefined;
  pitch?: number;
  speed?: number;
  /** The call's pronunciation guide, applied to each line before synthesis. */
  pronunciation?: PronunciationRule[];
}

/** Silence after each line, as people pause between turns; part of the call and recording. */
export const TURN_GAP_MS = 400;

export interface SpokenLine {
  /** 16-bit PCM at the telephony rate, the line and the pause after it. */
  pcm: Buffer;
  durationMs: number;
}

/** Synthesizes one line of the call; its length is the real audio's length. */
export async function speakLine(
  speech: SpeechEngine,
  text: string,
  voice: LineVoice,
): Promise<SpokenLine> {
  const chunks: Buffer[] = [];
  for await (const chunk of speech.synthesize({
    text: pronounce(text, voice.pronunciation),
    voice: voice.engineVoice,
    pitch: voice.pitch,
    speed: voice.speed,
    sampleRate: TELEPHONY_SAMPLE_RATE,
  })) {
    chunks.push(chunk.pcm);
  }
  const gapSamples = Math.round((TURN_GAP_MS / 1000) * TELEPHONY_SAMPLE_RATE);
  chunks.push(Buffer.alloc(gapSamples * 2));
  const pcm = Buffer.concat(chunks);
  return { pcm, durationMs: Math.round((pcm.length / 2 / TELEPHONY_SAMPLE_RATE) * 1000) };
}

/**
 * The voices a call uses: the agent's through resolveVoice (checked at dispatch; a clone deleted or
 * otherwise unusable since then falls back to the default voice), and another engine voice for the
 * far end.
 */
export async function pickVoices(
  deps: { db: Db; speech: SpeechEngine },
  orgId: string,
  requested: string | null,
): Promise<{ agent: LineVoice; recipient: LineVoice }> {
  const agent: LineVoice = await resolveVoice(deps, orgId, requested).catch((error: unknown) => {
    if (isApiError(error)) return { engineVoice: undefined };
    throw error;
  });
  const voices = await deps.speech.listVoices();
  const recipient = voices.find(
    (v) =>
      v.id !== (agent.engineVoice ?? voices[0]?.id) && v.language.toLowerCase().startsWith('en'),
  )?.id;
  return { agent, recipient: { engineVoice: recipient } };
}
