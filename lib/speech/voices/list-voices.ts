import { desc, eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import { CATALOGUE } from './catalogue';
import { renderClone } from './render-clone';
import { renderEngineVoice } from './render-engine-voice';
import { renderPersona } from './render-persona';
import type { VoiceDeps, VoiceView } from './types';

/** The catalogue personas, then the organization's clones (newest first), then raw engine voices if asked. */
export async function listVoices(
  deps: VoiceDeps,
  orgId: string,
  options: { includeEngine: boolean },
): Promise<VoiceView[]> {
  const clones = await deps.db
    .select()
    .from(schema.voiceClones)
    .where(eq(schema.voiceClones.orgId, orgId))
    .orderBy(desc(schema.voiceClones.createdAt), desc(schema.voiceClones.id));
  const engine = options.includeEngine ? await deps.speech.listVoices() : [];
  return [
    ...CATALOGUE.map(renderPersona),
    ...clones.map(renderClone),
    ...engine.map(renderEngineVoice),
  ];
}
