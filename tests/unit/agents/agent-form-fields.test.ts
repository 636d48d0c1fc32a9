import { describe, expect, it } from 'vitest';
import { agentFormFields, readField } from '@/components/console/agent-fields';
import { AgentCreateRequest, agentSettingKeys } from '@/schemas/agents';

// The console's agent form reads each saved setting from its table entry: blank is null (not part
// of the agent), JSON that does not parse or has the wrong shape is named before anything is sent,
// and what it reads is what the agents API accepts.
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const read = (key: (typeof agentSettingKeys)[number], entries: [string, string][]) =>
  readField(form(entries), key, agentFormFields[key]);

describe('agent form fields', () => {
  it('has an entry for every setting an agent saves', () => {
    expect(Object.keys(agentFormFields).sort()).toEqual([...agentSettingKeys].sort());
  });

  it('reads blank fields as null, so the call’s own value or the default applies', () => {
    for (const key of agentSettingKeys) expect(read(key, []), key).toEqual({ value: null });
  });

  it('names JSON that does not parse, or is not an object, instead of sending it', () => {
    const broken = read('analysis_schema', [['analysis_schema', '{ "type": "object",']]);
    expect(broken).toEqual({ error: expect.stringMatching(/^Not valid JSON: .+\.$/) });
    expect(read('metadata', [['metadata', '[1, 2]']])).toEqual({
      error: 'Must be a JSON object: { … }.',
    });
  });

  it('reads a list of lines, or a choice, blank as not set', () => {
    expect(read('keywords', [['keywords', '  \n ']])).toEqual({ value: null });
    expect(read('voicemail_action', [['voicemail_action', '']])).toEqual({ value: null });
    const many = Array.from({ length: 101 }, (_, i) => `term ${i}`).join('\n');
    expect(read('keywords', [['keywords', many]])).toEqual({ error: 'At most 100 lines.' });
    expect(read('tools', [['tools', '{}']])).toEqual({ error: 'Must be a JSON list: [ … ].' });
  });

  it('reads retries whole, or says what is missing', () => {
    expect(
      read('retry', [
        ['retry.max_attempts', '3'],
        ['retry.wait_minutes', '15'],
        ['retry.on', 'no-answer'],
        ['retry.on', 'voicemail'],
      ]),
    ).toEqual({ value: { max_attempts: 3, wait_minutes: 15, on: ['no-answer', 'voicemail'] } });
    expect(
      read('retry', [
        ['retry.max_attempts', '3'],
        ['retry.wait_minutes', '15'],
      ]),
    ).toEqual({
      error: 'Tick at least one ending to dial again after.',
    });
    expect(read('end_of_turn', [['end_of_turn.min_ms', '300']])).toEqual({
      error: 'Give both silences, or neither.',
    });
  });

  it('reads a filled form into a body the agents API accepts', () => {
    const body: Record<string, unknown> = { name: 'Reminders' };
    const filled = form([
      ['task', 'Confirm the appointment.'],
      ['max_duration', '5'],
      ['record', 'on'],
      ['end_of_turn.min_ms', '400'],
      ['end_of_turn.max_ms', '1200'],
      ['metadata', '{"campaign":"spring"}'],
      ['summary_prompt', 'One line.'],
      ['analysis_schema', '{"type":"object","properties":{"ok":{"type":"boolean"}}}'],
      ['analysis_prompt', 'Be brief.'],
      ['retry.max_attempts', '2'],
      ['retry.wait_minutes', '60'],
      ['retry.on', 'busy'],
      ['keywords', ' Invisalign \n\nBright Dental '],
      ['interruption_threshold', '600'],
      ['temperature', '0.4'],
      ['block_interruptions', 'on'],
      ['answered_by_enabled', 'on'],
      ['voicemail_message', 'Please call us back.'],
      ['voicemail_action', 'leave_message'],
      ['pronunciation_guide', '[{"word":"Nicola","pronunciation":"nee-KOH-lah"}]'],
      [
        'tools',
        JSON.stringify([
          {
            name: 'book_slot',
            description: 'Books a slot.',
            input_schema: { type: 'object' },
            url: 'https://api.example.com/book',
            headers: { Authorization: '[hidden]' },
          },
        ]),
      ],
      ['transfer_phone_number', '+14155550111'],
      ['transfer_list', '{"sales":"+14155550112"}'],
      ['transfer_mode', 'warm'],
    ]);
    for (const key of agentSettingKeys) {
      const value = readField(filled, key, agentFormFields[key]);
      expect(value, key).not.toHaveProperty('error');
      body[key] = (value as { value: unknown }).value;
    }
    expect(AgentCreateRequest.safeParse(body).error?.issues).toBeUndefined();
    expect(body).toMatchObject({ record: true, retry: { max_attempts: 2, on: ['busy'] } });
    expect(body).toMatchObject({
      keywords: ['Invisalign', 'Bright Dental'],
      interruption_threshold: 600,
      temperature: 0.4,
      block_interruptions: true,
      voicemail_action: 'leave_message',
      transfer_mode: 'warm',
      tools: [{ headers: { Authorization: '[hidden]' } }],
    });
  });
});
