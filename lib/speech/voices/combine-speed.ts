import { MAX_SPEED, MIN_SPEED } from '../../adapters/speech-engine';
import type { ResolvedVoice } from './resolve-voice';

/** The caller's speed (default 1) times the voice's own pace, kept within the engine's range. */
export function combineSpeed(voice: ResolvedVoice, requested: number | undefined): number {
  const speed = (requested ?? 1) * (voice.speed ?? 1);
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, Math.round(speed * 1000) / 1000));
}
