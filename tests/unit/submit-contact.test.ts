import { describe, expect, it } from 'vitest';
import { submitContact } from '@/lib/contact/submit-contact';
import { ApiError } from '@/lib/http';
import { EmbeddedStore } from '@/lib/store';
import { fixedBotCheck, recordingCrm } from '../support/lead-deps';

const valid = { name: 'Ada', email: 'ada@acme.example', message: 'Hello' };

async function code(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe('submitContact', () => {
  const off = () => ({
    store: new EmbeddedStore(),
    crm: recordingCrm(),
    botCheck: fixedBotCheck('valid', false),
  });

  it.each([
    [{ ...valid, name: '   ' }],
    [{ ...valid, email: 'not-an-email' }],
    [{ ...valid, message: 7 }],
    [{ name: 'Ada' }],
    [null],
    [[1, 2]],
  ])('%o → MISSING_REQUIRED_FIELDS', async (body) => {
    expect(await code(submitContact(off(), { body, ip: '1.2.3.4' }))).toBe(
      'MISSING_REQUIRED_FIELDS',
    );
  });

  it('forwards company as an empty string when omitted', async () => {
    expect(await submitContact(off(), { body: valid, ip: '1.2.3.4' })).toEqual({
      ...valid,
      company: '',
    });
  });

  it('enforces single-use tokens only when verification is on', async () => {
    const deps = {
      store: new EmbeddedStore(),
      crm: recordingCrm(),
      botCheck: fixedBotCheck('valid'),
    };
    expect(await code(submitContact(deps, { body: valid, ip: '1.2.3.4' }))).toBe(
      'BOTCHECK_MISSING',
    );
    const body = { ...valid, botCheckToken: 'tok' };
    expect(await code(submitContact(deps, { body, ip: '1.2.3.4' }))).toBe('OK');
    expect(await code(submitContact(deps, { body, ip: '1.2.3.4' }))).toBe('BOTCHECK_INVALID');
    expect(deps.botCheck.calls).toBe(1);
    const rejecting = { ...deps, botCheck: fixedBotCheck('invalid') };
    expect(
      await code(submitContact(rejecting, { body: { ...valid, botCheckToken: 'other' }, ip: '' })),
    ).toBe('BOTCHECK_INVALID');
  });
});
