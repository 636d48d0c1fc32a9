import type { Persona } from './catalogue';
import type { VoiceView } from './types';

/** A catalogue persona as the API shows it. */
export function renderPersona(persona: Persona): VoiceView {
  return {
    id: persona.id,
    name: persona.name,
    description: persona.description,
    public: true,
    tags: persona.tags,
    language: persona.language,
    kind: 'catalogue',
    state: 'live',
  };
}
