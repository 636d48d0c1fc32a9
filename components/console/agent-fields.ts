import type { AgentBody, AgentSettingKey } from '@/schemas/agents';
import { retryOutcomes } from '@/schemas/calls';
import type { FieldSpec } from './agent-field-spec';
import { actionFormFields } from './agent-action-fields';

export type { FieldSpec } from './agent-field-spec';
export { sections } from './agent-field-spec';

/**
 * How the console's agent form edits each saved setting. One entry per setting: the record is
 * keyed by every AgentSettingKey, so a setting added to agents (schemas/agents.ts) does not build
 * until it has an entry here (speech, voicemail, tools and transfer: agent-action-fields.ts). Most
 * new settings need only a kind that exists: `text`, `number`, `checkbox`, `select`, `lines`, or
 * `json` for any object or list, checked as JSON in the browser and then by the API, whose
 * refusal is shown under the field it names.
 */
export const agentFormFields: Record<AgentSettingKey, FieldSpec> = {
  task: {
    section: 'Call',
    kind: 'text',
    label: 'Task',
    hint: 'What the agent should do. {{name}} is filled from each call’s request_data.',
    maxLength: 20_000,
    rows: 5,
    required: true,
  },
  first_sentence: {
    section: 'Call',
    kind: 'text',
    label: 'First sentence (optional)',
    maxLength: 1_000,
  },
  voice: {
    section: 'Call',
    kind: 'text',
    label: 'Voice (optional)',
    hint: 'A voice id from the voice studio, e.g. ava; blank: en-us.',
    maxLength: 100,
  },
  language: { section: 'Call', kind: 'text', label: 'Language (optional)', maxLength: 35 },
  max_duration: {
    section: 'Call',
    kind: 'number',
    label: 'Maximum length in minutes (optional, 1–240)',
    min: 1,
    max: 240,
    step: 'any',
  },
  from: {
    section: 'Call',
    kind: 'text',
    type: 'tel',
    label: 'Caller ID (optional)',
    hint: 'One of the organization’s phone numbers, E.164; blank: the line’s own number.',
    maxLength: 16,
  },
  webhook: {
    section: 'Call',
    kind: 'text',
    type: 'url',
    label: 'Post-call webhook URL (optional)',
    maxLength: 2_048,
  },
  wait_for_greeting: {
    section: 'Call',
    kind: 'checkbox',
    label: 'Wait for the callee to speak first',
  },
  record: { section: 'Call', kind: 'checkbox', label: 'Record calls' },
  defer_to_calling_hours: {
    section: 'Call',
    kind: 'checkbox',
    label: 'Outside calling hours, wait for them instead of refusing the call',
  },
  end_of_turn: {
    section: 'Call',
    kind: 'end_of_turn',
    label: 'End of turn (optional)',
    hint: 'Silence that ends the callee’s turn, 100–5000 ms: the shorter when they sound done, the longer at most. Blank: the server’s fixed window.',
  },
  metadata: {
    section: 'Call',
    kind: 'json',
    shape: 'object',
    label: 'Metadata (optional JSON object)',
    hint: 'Stored on every call, in its webhook and its batch’s call_data; at most 16 KB.',
    placeholder: '{ "campaign": "spring" }',
    rows: 3,
  },
  summary_prompt: {
    section: 'After the call',
    kind: 'text',
    label: 'Summary prompt (optional)',
    hint: 'How to write the call’s summary.',
    maxLength: 5_000,
    rows: 3,
  },
  analysis_schema: {
    section: 'After the call',
    kind: 'json',
    shape: 'object',
    label: 'Analysis schema (optional JSON Schema)',
    hint: 'The fields to extract from each call into its analysis: an object schema whose properties are strings, numbers, integers, booleans or lists of them.',
    placeholder:
      '{\n  "type": "object",\n  "properties": {\n    "confirmed": { "type": "boolean" }\n  }\n}',
    rows: 8,
  },
  analysis_prompt: {
    section: 'After the call',
    kind: 'text',
    label: 'Analysis prompt (optional)',
    hint: 'Guidance for extracting the analysis; used with the analysis schema.',
    maxLength: 5_000,
    rows: 3,
  },
  ...actionFormFields,
  retry: {
    section: 'Retries',
    kind: 'retry',
    label: 'Dial again',
    hint: 'Attempts in all (2–5, the first call included; blank: no retries), the wait between them, and which endings are dialled again.',
  },
};

/** The value a field reads from the form, or why it cannot be sent (shown under the field). */
export type Read = { value: unknown } | { error: string };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const numberOrNull = (raw: string) => (raw === '' ? null : Number(raw));

/** The API's value for one setting: blank is null, "not part of the agent". */
export function readField(form: FormData, key: AgentSettingKey, spec: FieldSpec): Read {
  switch (spec.kind) {
    case 'text':
      return { value: text(form, key) || null };
    case 'number':
      return { value: numberOrNull(text(form, key)) };
    case 'checkbox':
      return { value: form.get(key) === 'on' ? true : null };
    case 'select':
      return { value: text(form, key) || null };
    case 'lines': {
      const lines = text(form, key)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > spec.maxLines) return { error: `At most ${spec.maxLines} lines.` };
      return { value: lines.length > 0 ? lines : null };
    }
    case 'json':
      return readJson(text(form, key), spec);
    case 'end_of_turn': {
      const min = numberOrNull(text(form, `${key}.min_ms`));
      const max = numberOrNull(text(form, `${key}.max_ms`));
      if (min === null && max === null) return { value: null };
      if (min === null || max === null) return { error: 'Give both silences, or neither.' };
      return { value: { min_ms: min, max_ms: max } };
    }
    case 'retry': {
      const attempts = numberOrNull(text(form, `${key}.max_attempts`));
      if (attempts === null) return { value: null };
      const wait = numberOrNull(text(form, `${key}.wait_minutes`));
      const on = form.getAll(`${key}.on`).map(String);
      if (wait === null) return { error: 'Say how many minutes to wait between attempts.' };
      if (on.length === 0) return { error: 'Tick at least one ending to dial again after.' };
      return { value: { max_attempts: attempts, wait_minutes: wait, on } };
    }
  }
}

function readJson(raw: string, spec: { label: string; shape: 'object' | 'array' }): Read {
  if (raw === '') return { value: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}.` };
  }
  const isArray = Array.isArray(value);
  const isObject = typeof value === 'object' && value !== null && !isArray;
  if (spec.shape === 'object' && !isObject) return { error: 'Must be a JSON object: { … }.' };
  if (spec.shape === 'array' && !isArray) return { error: 'Must be a JSON list: [ … ].' };
  return { value };
}

/** A setting's saved value as the form shows it at first (blank where the agent sets none). */
export function shownValue(agent: AgentBody | undefined, key: AgentSettingKey): string {
  const value = agent?.[key];
  if (value === null || value === undefined) return '';
  if (agentFormFields[key].kind === 'lines' && Array.isArray(value)) return value.join('\n');
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

export const retryEndings = retryOutcomes;
