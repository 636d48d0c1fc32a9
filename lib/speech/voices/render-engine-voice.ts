import type { EngineVoice } from '../../adapters/speech-engine';
import type { VoiceView } from './types';

/** A raw engine voice as the API shows it. */
export function renderEngineVoice(voice: EngineVoice): VoiceView {
  return {
    id: voice.id,
    name: voice.name,
    description: `Engine voice ${voice.id} (${voice.name}).`,
    public: true,
    tags: ['engine', ...(voice.gender ? [voice.gender] : [])],
    language: voice.language,
    kind: 'engine',
    state: 'live',
  };
}
