import { ApiError } from '../../platform/errors/api-error';
import type { EngineVoice } from '../../adapters/speech-engine';
import { CATALOGUE, type Persona } from './catalogue';
import { getCloneRow } from './get-clone-row';
import type { CloneRow } from './render-clone';
import type { VoiceDeps } from './types';

export type FoundVoice =
  | { kind: 'persona'; persona: Persona }
  | { kind: 'engine'; voice: EngineVoice }
  | { kind: 'clone'; row: CloneRow };

/**
 * A voice id as the organization sees it: a catalogue persona, a raw engine voice, or one of its
 * own clones (drafts included). Anything else, another organization's clone included, is
 * VOICE_NOT_FOUND naming `field`.
 */
export async function findVoice(
  deps: VoiceDeps,
  orgId: string,
  voiceId: string,
  field = 'voice',
): Promise<FoundVoice> {
  const id = voiceId.trim();
  const persona = CATALOGUE.find((p) => p.id === id.toLowerCase());
  if (persona) return { kind: 'persona', persona };
  const row = await getCloneRow(deps.db, orgId, id);
  if (row) return { kind: 'clone', row };
  const engineVoice = (await deps.speech.listVoices()).find((v) => v.id === id);
  if (engineVoice) return { kind: 'engine', voice: engineVoice };
  throw new ApiError('VOICE_NOT_FOUND', {
    message: `${field}: no voice has the id "${id.slice(0, 100)}".`,
    field,
  });
}
