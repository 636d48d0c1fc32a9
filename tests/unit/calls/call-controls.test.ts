import { describe, expect, it } from 'vitest';
import { CallDispatchRequest } from '@/schemas/calls';
import { BatchCreateRequest } from '@/schemas/batches';
import { checkCallControls, lineLimitsOf, voicemailOf } from '@/lib/calls/call-controls';
import { pronounce } from '@/lib/calls/pronounce';
import { isApiError } from '@/lib/platform/errors/api-error';

const rule = (word: string, pronunciation: string, caseSensitive = false) => ({
  word,
  pronunciation,
  caseSensitive,
});

describe('the pronunciation guide', () => {
  it('replaces whole words only, in any case unless told otherwise', () => {
    const rules = [rule('Nguyen', 'Win'), rule('SQL', 'sequel', true)];
    expect(pronounce("Ms NGUYEN's SQL class, not Nguyenville or sql.", rules)).toBe(
      "Ms Win's sequel class, not Nguyenville or sql.",
    );
  });

  it('prefers the longer phrase and never re-reads a replacement', () => {
    const rules = [
      rule('New York', 'Noo Yawk'),
      rule('New York City', 'the city'),
      rule('Yawk', 'X'),
    ];
    expect(pronounce('From New York City to New York.', rules)).toBe('From the city to Noo Yawk.');
  });

  it('matches terms that end in a sign, and leaves text alone without a guide', () => {
    expect(pronounce('We use C++ daily.', [rule('C++', 'see plus plus')])).toBe(
      'We use see plus plus daily.',
    );
    expect(pronounce('Unchanged.', undefined)).toBe('Unchanged.');
  });
});

/** The 400 a request gets, as field and message; null when accepted. */
function refusal(run: () => void): { field: unknown; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { field: error.field, message: error.message };
  }
}

const request = (body: Record<string, unknown>) =>
  CallDispatchRequest.parse({ phone_number: '+14155550123', task: 'Hi.', ...body });

describe('voicemail and speech fields at dispatch', () => {
  it('refuses voicemail fields without machine detection, naming the field', () => {
    expect(refusal(() => checkCallControls(request({ voicemail_message: 'Call us.' })))).toEqual({
      field: 'voicemail_message',
      message: expect.stringMatching(/^voicemail_message: needs answered_by_enabled/),
    });
    expect(
      refusal(() => checkCallControls(request({ voicemail_action: 'hangup' }), {}, 'call_params.')),
    ).toMatchObject({ field: 'call_params.voicemail_action' });
    expect(
      refusal(() =>
        checkCallControls(request({ answered_by_enabled: true, voicemail_action: 'hangup' })),
      ),
    ).toBeNull();
  });

  it('refuses keywords where the recognizer cannot take them (Deepgram before Nova-3)', () => {
    const nova2 = { takesKeywords: false, description: 'streaming: Deepgram live (model nova-2)' };
    const limits = lineLimitsOf(true, nova2);
    expect(refusal(() => checkCallControls(request({ keywords: ['Acme'] }), limits))).toEqual({
      field: 'keywords',
      message: expect.stringContaining('nova-2'),
    });
    expect(refusal(() => checkCallControls(request({}), limits))).toBeNull();
    // The sandbox line's callee is scripted; a Nova-3 model takes key terms.
    expect(lineLimitsOf(false, nova2)).toEqual({});
    expect(lineLimitsOf(true, { ...nova2, takesKeywords: true })).toEqual({});
  });

  it('fills the voicemail message from request_data and leaves it by default', () => {
    expect(
      voicemailOf(
        request({
          answered_by_enabled: true,
          voicemail_message: 'Hi {{name}}, call us back.',
          request_data: { name: 'Ada' },
        }),
      ),
    ).toEqual({ message: 'Hi Ada, call us back.', action: 'leave_message' });
    expect(voicemailOf(request({}))).toBeNull();
  });

  it.each([
    ['temperature', { temperature: 2.5 }],
    ['interruption_threshold', { interruption_threshold: -1 }],
    ['voicemail_action', { voicemail_action: 'shout' }],
    ['pronunciation_guide.0.pronunciation', { pronunciation_guide: [{ word: 'Ada' }] }],
    ['keywords', { keywords: Array.from({ length: 101 }, (_, i) => `k${i}`) }],
  ])('refuses a bad %s, naming it', (field, body) => {
    const parsed = CallDispatchRequest.safeParse({
      phone_number: '+14155550123',
      task: 'Hi.',
      ...body,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path.join('.')).toBe(field);
  });

  it('takes the same fields in batch call_params', () => {
    const batch = BatchCreateRequest.safeParse({
      base_prompt: 'Hi.',
      label: 'Voicemail drop',
      call_data: [{ phone_number: '+14155550123' }],
      call_params: { answered_by_enabled: true, block_interruptions: true, temperature: 3 },
    });
    expect(batch.error!.issues[0]!.path.join('.')).toBe('call_params.temperature');
  });
});
