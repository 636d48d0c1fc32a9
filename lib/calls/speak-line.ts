import type { SpeechEngine } from '../speech';
import { TELEPHONY_SAMPLE_RATE } from './finish-call';

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
  voice: string | undefined,
): Promise<SpokenLine> {
  const chunks: Buffer[] = [];
  for await (const chunk of speech.synthesize({ text, voice, sampleRate: TELEPHONY_SAMPLE_RATE })) {
    chunks.push(chunk.pcm);
  }
  const gapSamples = Math.round((TURN_GAP_MS / 1000) * TELEPHONY_SAMPLE_RATE);
  chunks.push(Buffer.alloc(gapSamples * 2));
  const pcm = Buffer.concat(chunks);
  return { pcm, durationMs: Math.round((pcm.length / 2 / TELEPHONY_SAMPLE_RATE) * 1000) };
}

/** The engine voices a call uses: the requested one when the engine has it, and another for the far end. */
export async function pickVoices(
  speech: SpeechEngine,
  requested: string | null,
): Promise<{ agent: string | undefined; recipient: string | undefined }> {
  const voices = await speech.listVoices();
  const agent = voices.find((v) => v.id === requested)?.id;
  const recipient = voices.find(
    (v) => v.id !== (agent ?? voices[0]?.id) && v.language.toLowerCase().startsWith('en'),
  )?.id;
  return { agent, recipient };
}
