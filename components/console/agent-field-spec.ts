// The shape of one entry of the console agent form's table (agent-fields.ts), apart from the
// table so its parts can live in more than one file.
/** How the console's agent form edits one saved setting (its table: agent-fields.ts). */
export type FieldSpec = { label: string; hint?: string; section: Section } & (
  | { kind: 'text'; maxLength: number; rows?: number; type?: 'url' | 'tel'; required?: boolean }
  | { kind: 'number'; min: number; max: number; step?: string }
  | { kind: 'checkbox' }
  | { kind: 'select'; options: readonly string[] }
  | { kind: 'lines'; maxLines: number }
  | { kind: 'json'; shape: 'object' | 'array'; placeholder?: string; rows?: number }
  | { kind: 'end_of_turn' }
  | { kind: 'retry' }
);

export const sections = [
  'Call',
  'Speech',
  'Voicemail',
  'Tools and transfer',
  'After the call',
  'Retries',
] as const;
export type Section = (typeof sections)[number];
