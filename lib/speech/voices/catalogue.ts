/**
 * The public voice catalogue: named personas, each an engine voice with a pitch and pace. Ids are
 * stable (lower-case names); they never change meaning once published.
 */
export interface Persona {
  id: string;
  name: string;
  description: string;
  language: string;
  tags: string[];
  engineVoice: string;
  /** eSpeak-NG pitch 0–100 (50 = the base voice's own). */
  pitch: number;
  /** Speed multiplier applied on top of the caller's speed. */
  speed: number;
}

export const CATALOGUE: readonly Persona[] = [
  {
    id: 'ava',
    name: 'Ava',
    description: 'Warm, clear American English; a friendly receptionist.',
    language: 'en-US',
    tags: ['female', 'american', 'warm', 'default-female'],
    engineVoice: 'en-us+f3',
    pitch: 50,
    speed: 1,
  },
  {
    id: 'maya',
    name: 'Maya',
    description: 'Bright and upbeat American English; a little quicker.',
    language: 'en-US',
    tags: ['female', 'american', 'bright'],
    engineVoice: 'en-us+f3',
    pitch: 64,
    speed: 1.08,
  },
  {
    id: 'grace',
    name: 'Grace',
    description: 'Calm, low American English; unhurried.',
    language: 'en-US',
    tags: ['female', 'american', 'calm'],
    engineVoice: 'en-us+f3',
    pitch: 36,
    speed: 0.92,
  },
  {
    id: 'james',
    name: 'James',
    description: 'Steady American English; a clear narrator.',
    language: 'en-US',
    tags: ['male', 'american', 'steady'],
    engineVoice: 'en-us',
    pitch: 50,
    speed: 1,
  },
  {
    id: 'ethan',
    name: 'Ethan',
    description: 'Deep, relaxed American English.',
    language: 'en-US',
    tags: ['male', 'american', 'deep'],
    engineVoice: 'en-us',
    pitch: 32,
    speed: 0.94,
  },
  {
    id: 'leo',
    name: 'Leo',
    description: 'Energetic American English; quick and higher.',
    language: 'en-US',
    tags: ['male', 'american', 'energetic'],
    engineVoice: 'en-us',
    pitch: 64,
    speed: 1.1,
  },
  {
    id: 'rosa',
    name: 'Rosa',
    description: 'New York City English, direct and brisk.',
    language: 'en-US',
    tags: ['female', 'american', 'new-york'],
    engineVoice: 'en-us-nyc+f3',
    pitch: 52,
    speed: 1.05,
  },
  {
    id: 'olivia',
    name: 'Olivia',
    description: 'British English (Great Britain), polished.',
    language: 'en-GB',
    tags: ['female', 'british'],
    engineVoice: 'en-gb+f3',
    pitch: 50,
    speed: 1,
  },
  {
    id: 'oliver',
    name: 'Oliver',
    description: 'British English (Great Britain), composed.',
    language: 'en-GB',
    tags: ['male', 'british'],
    engineVoice: 'en-gb',
    pitch: 46,
    speed: 1,
  },
  {
    id: 'isla',
    name: 'Isla',
    description: 'Scottish English, gentle.',
    language: 'en-GB',
    tags: ['female', 'scottish'],
    engineVoice: 'en-gb-scotland+f3',
    pitch: 48,
    speed: 0.96,
  },
  {
    id: 'mateo',
    name: 'Mateo',
    description: 'Latin American Spanish.',
    language: 'es-419',
    tags: ['male', 'spanish'],
    engineVoice: 'es-419',
    pitch: 50,
    speed: 1,
  },
  {
    id: 'lukas',
    name: 'Lukas',
    description: 'German (Germany).',
    language: 'de',
    tags: ['male', 'german'],
    engineVoice: 'de',
    pitch: 48,
    speed: 1,
  },
];
