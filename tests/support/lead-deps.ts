import type { BotCheck, BotCheckVerdict } from '@/lib/adapters/botcheck';
import { EmbeddedCms } from '@/lib/adapters/cms';
import type { Crm, CrmContact } from '@/lib/adapters/crm';
import type { LeadDeps } from '@/lib/site/leads/types';
import { EmbeddedStore, type Store } from '@/lib/adapters/store';
import type { WebhookDelivery, WebhookSender } from '@/lib/adapters/webhooks';
import { virtualClock } from './virtual-clock';

/** A clock the test moves by hand; sleeping advances it instantly. */
export const fakeClock = (start = Date.parse('2026-11-02T10:00:00Z')) =>
  virtualClock(start, { sleep: 'advance' });

/** A CRM that records what it receives and fails while `failing` is set. */
export function recordingCrm(): Crm & { calls: CrmContact[]; failing: boolean } {
  const crm = {
    kind: 'outbox' as const,
    description: 'recording',
    calls: [] as CrmContact[],
    failing: false,
    async upsertContact(contact: CrmContact) {
      crm.calls.push(contact);
      if (crm.failing) throw new Error('crm down');
      return { id: String(crm.calls.length) };
    },
    ping: async () => {},
  };
  return crm;
}

/** A webhook sender that records deliveries and fails for the URLs listed in `failing`. */
export function recordingWebhooks(): WebhookSender & {
  calls: WebhookDelivery[];
  failing: Set<string>;
} {
  const webhooks = {
    kind: 'outbox' as const,
    description: 'recording',
    calls: [] as WebhookDelivery[],
    failing: new Set<string>(),
    async send(delivery: WebhookDelivery) {
      webhooks.calls.push(delivery);
      if (webhooks.failing.has(delivery.url)) throw new Error(`${delivery.url} answered 503`);
      return { status: 200, ms: 1 };
    },
  };
  return webhooks;
}

export function fixedBotCheck(
  verdict: BotCheckVerdict,
  enabled = true,
): BotCheck & { calls: number } {
  const check = {
    kind: 'turnstile' as const,
    enabled,
    description: 'fixed',
    calls: 0,
    async verify() {
      check.calls += 1;
      return verdict;
    },
  };
  return check;
}

export function leadDeps(overrides: Partial<LeadDeps> & { store?: Store } = {}) {
  const clock = fakeClock();
  const crm = recordingCrm();
  const webhooks = recordingWebhooks();
  const deps = {
    store: new EmbeddedStore(),
    cms: new EmbeddedCms('content/dataset.ndjson'),
    crm,
    webhooks,
    botCheck: fixedBotCheck('valid', false),
    clock,
    privacyHashKey: 'unit-test-privacy-key',
    ...overrides,
  } satisfies LeadDeps;
  return { deps, clock, crm, webhooks };
}
