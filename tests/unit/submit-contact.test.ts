import { describe, expect, it } from 'vitest';
import { submitContact } from '@/lib/site/contact/submit-contact';
import { ApiError } from '@/lib/platform/http';
import { listLeads } from '@/lib/site/leads/list-leads';
import { AFTER_RESPONSE_SYNC, syncLead } from '@/lib/site/leads/sync-lead';
import { syncUnsyncedLeads } from '@/lib/site/leads/sync-unsynced-leads';
import { fixedBotCheck, leadDeps } from '../support/lead-deps';
import { allowConsoleError } from '../support/console-guard';

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
  const off = () => leadDeps().deps;

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

  it('stores the enquiry (company "" when omitted) before answering', async () => {
    const deps = off();
    const { contact, storedId } = await submitContact(deps, { body: valid, ip: '1.2.3.4' });
    expect(contact).toEqual({ ...valid, company: '' });
    const [stored] = await listLeads(deps.store, 'contact');
    expect(stored).toMatchObject({
      id: storedId,
      email: 'ada@acme.example',
      values: { firstname: 'Ada', company: '', message: 'Hello' },
      sync: { syncStatus: 'pending' },
    });
  });

  it('a CRM outage delays the enquiry; the cron pushes it exactly once', async () => {
    allowConsoleError(/push failed after \d+ attempts: crm: crm down/);
    const { deps, crm } = leadDeps();
    crm.failing = true;
    const { storedId } = await submitContact(deps, { body: valid, ip: '1.2.3.4' });
    expect(await syncLead(deps, storedId, AFTER_RESPONSE_SYNC)).toBe('failed');
    crm.failing = false;
    expect((await syncUnsyncedLeads(deps)).results).toEqual({ synced: 1 });
    expect(await syncUnsyncedLeads(deps)).toEqual({ checked: 0, results: {} });
    expect(crm.calls).toHaveLength(4);
    expect(crm.calls[3]).toEqual({
      email: 'ada@acme.example',
      properties: { firstname: 'Ada', company: '', message: 'Hello' },
      source: 'lead:contact',
    });
  });

  it('enforces single-use tokens only when verification is on', async () => {
    const botCheck = fixedBotCheck('valid');
    const deps = leadDeps({ botCheck }).deps;
    expect(await code(submitContact(deps, { body: valid, ip: '1.2.3.4' }))).toBe(
      'BOTCHECK_MISSING',
    );
    const body = { ...valid, botCheckToken: 'tok' };
    expect(await code(submitContact(deps, { body, ip: '1.2.3.4' }))).toBe('OK');
    expect(await code(submitContact(deps, { body, ip: '1.2.3.4' }))).toBe('BOTCHECK_INVALID');
    expect(botCheck.calls).toBe(1);
    const rejecting = { ...deps, botCheck: fixedBotCheck('invalid') };
    expect(
      await code(submitContact(rejecting, { body: { ...valid, botCheckToken: 'other' }, ip: '' })),
    ).toBe('BOTCHECK_INVALID');
  });
});
