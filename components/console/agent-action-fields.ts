import type { AgentSettingKey } from '@/schemas/agents';
import { HIDDEN_HEADER_VALUE } from '@/schemas/call-tools';
import { voicemailActions } from '@/schemas/call-voicemail';
import { transferModes } from '@/schemas/call-transfer';
import type { FieldSpec } from './agent-field-spec';

type ActionKey = Extract<
  AgentSettingKey,
  | 'pronunciation_guide'
  | 'keywords'
  | 'block_interruptions'
  | 'interruption_threshold'
  | 'temperature'
  | 'answered_by_enabled'
  | 'voicemail_message'
  | 'voicemail_action'
  | 'tools'
  | 'transfer_phone_number'
  | 'transfer_list'
  | 'transfer_mode'
>;

/** The agent form's entries for speech control, voicemail, tools and transfer (issue 33's fields). */
export const actionFormFields: Record<ActionKey, FieldSpec> = {
  pronunciation_guide: {
    section: 'Speech',
    kind: 'json',
    shape: 'array',
    label: 'Pronunciation guide (optional JSON list)',
    hint: 'Words said another way, up to 100: each { "word", "pronunciation", "case_sensitive"? }.',
    placeholder: '[{ "word": "Nicola", "pronunciation": "nee-KOH-lah" }]',
    rows: 3,
  },
  keywords: {
    section: 'Speech',
    kind: 'lines',
    label: 'Keywords (optional, one a line)',
    hint: 'Names and terms the callee is likely to say, so the recognizer expects them (up to 100).',
    maxLines: 100,
  },
  block_interruptions: {
    section: 'Speech',
    kind: 'checkbox',
    label: 'The callee cannot talk over the agent',
  },
  interruption_threshold: {
    section: 'Speech',
    kind: 'number',
    label: 'Interruption threshold in ms (optional, 0–5000)',
    hint: 'How long the callee speaks over the agent before it stops; blank: 300, so a “mhm” does not.',
    min: 0,
    max: 5_000,
    step: '1',
  },
  temperature: {
    section: 'Speech',
    kind: 'number',
    label: 'Temperature (optional, 0–2)',
    hint: 'How freely the language model words its replies; blank: the model’s own.',
    min: 0,
    max: 2,
    step: 'any',
  },
  answered_by_enabled: {
    section: 'Voicemail',
    kind: 'checkbox',
    label: 'Detect voicemail (answering machines)',
  },
  voicemail_message: {
    section: 'Voicemail',
    kind: 'text',
    label: 'Voicemail message (optional)',
    hint: 'Said word for word after the beep; {{name}} is filled from request_data. Needs detection.',
    maxLength: 2_000,
    rows: 3,
  },
  voicemail_action: {
    section: 'Voicemail',
    kind: 'select',
    label: 'When voicemail answers (optional)',
    hint: 'Blank: leave a message. Needs detection.',
    options: voicemailActions,
  },
  tools: {
    section: 'Tools and transfer',
    kind: 'json',
    shape: 'array',
    label: 'Tools (optional JSON list)',
    hint:
      'Up to 20 { "name", "description", "input_schema", "url", "method", "headers"?, ' +
      `"timeout_ms"?, "speech"? }. Saved header values show as "${HIDDEN_HEADER_VALUE}": leave ` +
      'them so to keep them, or type a new value.',
    placeholder:
      '[{ "name": "book_slot", "description": "Books a slot.", "input_schema": { "type": "object" }, ' +
      '"url": "https://api.example.com/book", "headers": { "Authorization": "Bearer …" } }]',
    rows: 8,
  },
  transfer_phone_number: {
    section: 'Tools and transfer',
    kind: 'text',
    type: 'tel',
    label: 'Transfer number (optional)',
    hint: 'E.164; the agent may hand the caller to it when they ask for a person.',
    maxLength: 16,
  },
  transfer_list: {
    section: 'Tools and transfer',
    kind: 'json',
    shape: 'object',
    label: 'Transfer list (optional JSON object)',
    hint: 'Up to 10 people or teams by label: { "sales": "+14155550111" }.',
    placeholder: '{ "sales": "+14155550111" }',
    rows: 3,
  },
  transfer_mode: {
    section: 'Tools and transfer',
    kind: 'select',
    label: 'Transfer mode (optional)',
    hint: 'Blank: cold (the caller is connected and the agent leaves); warm: the agent introduces them first.',
    options: transferModes,
  },
};
