import { describe, expect, it } from 'vitest';
import { submitLead } from '@/lib/site/leads/submit-lead';
import { AFTER_RESPONSE_SYNC, syncLead } from '@/lib/site/leads/sync-lead';
import { OutboxWebhookSender } from '@/lib/adapters/webhooks/outbox-webhook-sender';
import { leadDeps } from '../../support/lead-deps';

describe('OutboxWebhookSender (no LEAD_WEBHOOK_SECRET)', () => {
  it('keeps the destination deliveries of a synced lead in the store instead of sending them', async () => {
    const base = leadDeps();
    const webhooks = new OutboxWebhookSender(base.deps.store, () => new Date(base.clock.now()));
    const deps = { ...base.deps, webhooks };
    const { storedId } = await submitLead(deps, {
      body: { formSlug: 'partner-application', values: { company: 'A', email: 'a@example.com' } },
      ip: '203.0.113.1',
      referer: null,
      crmutkCookie: null,
    });
    expect(await syncLead(deps, storedId!, AFTER_RESPONSE_SYNC)).toBe('synced');
    expect(await webhooks.list()).toEqual([
      expect.objectContaining({
        id: `${storedId}.f1491fa2e2c8`,
        url: 'https://hooks.example.com/partner',
        type: 'lead.submitted',
        at: new Date(base.clock.now()).toISOString(),
      }),
    ]);
  });
});
