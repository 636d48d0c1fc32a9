import { describe, expect, it } from 'vitest';
import { listLeads } from '@/lib/site/leads/list-leads';
import { recordDeletionRequest } from '@/lib/site/leads/record-deletion-request';
import { submitLead } from '@/lib/site/leads/submit-lead';
import { AFTER_RESPONSE_SYNC, syncLead } from '@/lib/site/leads/sync-lead';
import { syncUnsyncedLeads } from '@/lib/site/leads/sync-unsynced-leads';
import { leadDeps } from '../support/lead-deps';
import { allowConsoleError } from '../support/console-guard';

const lead = (email = 'ada@acme.example') => ({
  body: { formSlug: 'newsletter', values: { email } },
  ip: '203.0.113.9',
  referer: null,
  crmutkCookie: null,
});

describe('CRM sync', () => {
  it('pushes once, retries with backoff, and leaves failures to the cron', async () => {
    allowConsoleError(/push failed after \d+ attempts: crm: crm down/);
    const { deps, crm, clock } = leadDeps();
    crm.failing = true;
    const { storedId } = await submitLead(deps, lead());
    const start = clock.now();
    expect(await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC)).toBe('failed');
    expect(crm.calls).toHaveLength(3);
    expect(clock.now() - start).toBe(1_250); // 250 ms, then 1 s between tries
    const [listed] = await listLeads(deps.store, 'newsletter');
    expect(listed?.sync).toMatchObject({ syncStatus: 'failed', attempts: 3 });

    crm.failing = false;
    expect((await syncUnsyncedLeads(deps)).results).toEqual({ synced: 1 });
    expect(await syncUnsyncedLeads(deps)).toEqual({ checked: 0, results: {} });
    expect(crm.calls).toHaveLength(4);
    // The settled prefix is skipped by later runs.
    expect(await deps.store.get('lead:sync-cursor')).toBe('1');
    expect(crm.calls[3]).toEqual({
      email: 'ada@acme.example',
      properties: { email: 'ada@acme.example' },
      source: 'lead:newsletter',
    });
  });

  it('backs off between cron attempts', async () => {
    allowConsoleError(/push failed after \d+ attempts: crm: crm down/);
    const { deps, crm, clock } = leadDeps();
    crm.failing = true;
    const { storedId } = await submitLead(deps, lead());
    await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC);
    expect((await syncUnsyncedLeads(deps)).results).toEqual({ failed: 1 });
    expect((await syncUnsyncedLeads(deps)).checked).toBe(0); // not due yet
    clock.advance(16 * 60_000);
    expect((await syncUnsyncedLeads(deps)).checked).toBe(1);
  });

  it('leaves a pending lead to the after() push for a minute', async () => {
    const { deps, clock } = leadDeps();
    await submitLead(deps, lead());
    expect((await syncUnsyncedLeads(deps)).checked).toBe(0);
    clock.advance(60_000);
    expect((await syncUnsyncedLeads(deps)).results).toEqual({ synced: 1 });
  });

  it('a deletion request erases stored leads and suppresses capture', async () => {
    const { deps, crm, clock } = leadDeps();
    const { storedId } = await submitLead(deps, lead('ada@acme.example'));
    await submitLead(deps, lead('grace@acme.example'));
    expect(
      await recordDeletionRequest(deps.store, deps.privacyHashKey, 'Ada@Acme.example', 0),
    ).toEqual({ erased: 1 });
    expect((await listLeads(deps.store, 'newsletter')).map((l) => l.email)).toEqual([
      'grace@acme.example',
    ]);
    expect(await deps.store.get(`lead:sub:${storedId}`)).toBeNull();
    const outcome = await submitLead(deps, lead('ada@acme.example'));
    expect(outcome.body).toEqual({ ok: true });
    expect(await listLeads(deps.store, 'newsletter')).toHaveLength(1);
    // The cron passes over the erased lead and pushes only the other one.
    clock.advance(60_000);
    expect((await syncUnsyncedLeads(deps)).results).toEqual({ synced: 1 });
    expect(crm.calls.map((call) => call.email)).toEqual(['grace@acme.example']);
    expect(await deps.store.get('lead:sync-cursor')).toBe('2');
  });
});

describe('destination webhooks', () => {
  const partner = {
    body: {
      formSlug: 'partner-application',
      values: { company: 'Acme', email: 'ada@example.com' },
    },
    ip: '203.0.113.10',
    referer: null,
    crmutkCookie: null,
  };
  const receiver = 'https://hooks.example.com/partner';

  it('pushes a lead to the CRM and to each destination once, with a stable webhook id', async () => {
    const { deps, crm, webhooks } = leadDeps();
    const { storedId } = await submitLead(deps, partner);
    expect(await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC)).toBe('synced');
    expect(await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC)).toBe('synced');
    expect(crm.calls).toHaveLength(1);
    expect(webhooks.calls).toEqual([
      {
        id: `${storedId}.f1491fa2e2c8`,
        url: receiver,
        type: 'lead.submitted',
        data: expect.objectContaining({
          submissionId: storedId,
          formSlug: 'partner-application',
          values: { company: 'Acme', email: 'ada@example.com' },
        }) as unknown,
      },
    ]);
    const [listed] = await listLeads(deps.store, 'partner-application');
    expect(listed?.sync).toMatchObject({
      syncStatus: 'synced',
      targets: { crm: 'synced', 'destination:f1491fa2e2c8': 'synced' },
    });
  });

  it('retries only the failed destination; the CRM is not pushed again', async () => {
    allowConsoleError(/push failed after \d+ attempts: destination:.* answered 503/);
    const { deps, crm, webhooks, clock } = leadDeps();
    webhooks.failing.add(receiver);
    const { storedId } = await submitLead(deps, partner);
    expect(await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC)).toBe('failed');
    expect(crm.calls).toHaveLength(1);
    expect(webhooks.calls).toHaveLength(3);
    const [failed] = await listLeads(deps.store, 'partner-application');
    expect(failed?.sync).toMatchObject({
      syncStatus: 'failed',
      targets: { crm: 'synced', 'destination:f1491fa2e2c8': 'failed' },
      lastError: expect.stringContaining('destination:f1491fa2e2c8') as unknown,
    });

    webhooks.failing.clear();
    clock.advance(1);
    expect((await syncUnsyncedLeads(deps)).results).toEqual({ synced: 1 });
    expect(await syncUnsyncedLeads(deps)).toEqual({ checked: 0, results: {} });
    expect(crm.calls).toHaveLength(1);
    expect(webhooks.calls).toHaveLength(4);
    expect(new Set(webhooks.calls.map((call) => call.id))).toEqual(
      new Set([`${storedId}.f1491fa2e2c8`]),
    );
  });

  it('keeps the destinations a lead was stored with', async () => {
    const { deps, webhooks } = leadDeps();
    const { storedId } = await submitLead(deps, partner);
    const raw = JSON.parse((await deps.store.get(`lead:sub:${storedId}`))!) as {
      destinations: unknown;
    };
    expect(raw.destinations).toEqual([
      { key: 'f1491fa2e2c8', name: 'Partner webhook', url: receiver },
    ]);
    await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC);
    expect(webhooks.calls.map((call) => call.url)).toEqual([receiver]);
  });
});
