import type { Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { DEFAULT_VOICE, type SpeechEngine } from '../../adapters/speech-engine';
import { findVoice } from './find-voice';

export interface ResolvedVoice {
  /** The public id the caller used (catalogue id or clone voice_id). */
  id: string;
  /** What to pass to SpeechEngine.synthesize. */
  engineVoice: string | undefined;
  /** eSpeak-NG pitch 0–100 to pass to SpeechEngine.synthesize (personas and clones). */
  pitch?: number;
  /** Multiplier applied on top of the caller's speed (personas and clones). */
  speed?: number;
}

/**
 * The engine settings for a voice id on every speech surface and in calls.
 * - undefined, null or blank → the engine's default voice (`en-us`, engineVoice undefined).
 * - a catalogue persona ("ava") → its engine voice, pitch and speed.
 * - a raw engine voice ("en-gb+f3") → itself.
 * - the organization's live clone (its UUID) → the derived engine voice, pitch and speed.
 * - a draft professional clone → 409 VOICE_NOT_LIVE (field `voice`).
 * - anything else, another organization's clone included → 404 VOICE_NOT_FOUND (field `voice`).
 * A persona's or clone's engine voice the engine does not list (an upstream engine) falls back to
 * the engine's default voice.
 */
export async function resolveVoice(
  deps: { db: Db; speech: SpeechEngine },
  orgId: string,
  voiceId: string | undefined | null,
): Promise<ResolvedVoice> {
  if (voiceId === undefined || voiceId === null || voiceId.trim() === '') {
    return { id: DEFAULT_VOICE, engineVoice: undefined };
  }
  const found = await findVoice(deps, orgId, voiceId);
  if (found.kind === 'engine') return { id: found.voice.id, engineVoice: found.voice.id };
  const known = async (engineVoice: string) =>
    (await deps.speech.listVoices()).some((v) => v.id === engineVoice) ? engineVoice : undefined;
  if (found.kind === 'persona') {
    const { persona } = found;
    return {
      id: persona.id,
      engineVoice: await known(persona.engineVoice),
      pitch: persona.pitch,
      speed: persona.speed,
    };
  }
  const { row } = found;
  if (row.state !== 'live') {
    throw new ApiError('VOICE_NOT_LIVE', {
      message: `voice: "${row.id}" is a draft professional clone; promote it before using it.`,
      field: 'voice',
    });
  }
  return {
    id: row.id,
    engineVoice: await known(row.engineVoice),
    pitch: row.pitch,
    speed: row.speed,
  };
}
