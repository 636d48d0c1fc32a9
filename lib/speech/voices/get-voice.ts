import { findVoice } from './find-voice';
import { renderClone } from './render-clone';
import { renderEngineVoice } from './render-engine-voice';
import { renderPersona } from './render-persona';
import type { VoiceDeps, VoiceView } from './types';

/** One voice the organization can see (404 VOICE_NOT_FOUND otherwise). */
export async function getVoice(
  deps: VoiceDeps,
  orgId: string,
  voiceId: string,
): Promise<VoiceView> {
  const found = await findVoice(deps, orgId, voiceId, 'id');
  if (found.kind === 'persona') return renderPersona(found.persona);
  if (found.kind === 'engine') return renderEngineVoice(found.voice);
  return renderClone(found.row);
}
