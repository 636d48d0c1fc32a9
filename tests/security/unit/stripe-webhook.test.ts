// Attacks on the Stripe webhook (issue 30, risks): a delivery signed with a timestamp far in the
// future (replayable for as long as it says), and a paid session whose amount or currency is not
// the top-up we created, which must not be credited as the stored amount.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { receiveStripeWebhook } from '@/lib/wallet/billing/receive-stripe-webhook';
import { schema, type Db } from '@/lib/adapters/db';
import { isApiError } from '@/lib/platform/http';
import type { Mailer, MailMessage } from '@/lib/adapters/mail';
import { createOwnedOrg } from '@/lib/accounts/orgs/create-owned-org';
import { StripePayments } from '@/lib/adapters/payments';
import { billingDeps, manualClock, wallet } from '../../unit/billing/billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';

const SECRET = 'whsec_attack_test_secret';
const stripe = new Stripe('sk_test_unit');
const clock = manualClock();
const payments = new StripePayments({
  secretKey: 'sk_test_unit',
  webhookSecret: SECRET,
  apiBaseUrl: 'http://127.0.0.1:9',
  centPrice: () => Promise.resolve('price_x'),
});
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));

const nowS = () => Math.floor(clock.now() / 1000);
const sign = (payload: string, timestamp = nowS()) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });

const paidEvent = (sessionId: string, session: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: `pi_${sessionId}`,
        amount_total: 500,
        currency: 'usd',
        ...session,
      },
    },
  });

/** An org with an owner and an open $5 top-up (its Checkout session named by Stripe). */
async function openTopUp() {
  const now = new Date(clock.now());
  const userId = crypto.randomUUID();
  await db.insert(schema.authUsers).values({
    id: userId,
    name: 'Owner',
    email: `owner-${userId}@example.com`,
    createdAt: now,
    updatedAt: now,
  });
  const orgId = await createOwnedOrg(db, { id: userId }, 'Acme', null, 'created', now);
  const topUpId = crypto.randomUUID();
  await db.insert(schema.topUps).values({
    id: topUpId,
    orgId,
    provider: 'stripe',
    checkoutSessionId: `cs_${topUpId}`,
    amountMicros: 5_000_000,
    createdAt: now,
  });
  return { orgId, topUpId, sessionId: `cs_${topUpId}`, ownerEmail: `owner-${userId}@example.com` };
}

function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: 'outbox', description: 'recording', sent, send: async (m) => void sent.push(m) };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (isApiError(error) ? error.code : String(error)),
  );

describe('the Stripe webhook under attack', () => {
  const deps = (mailer = recordingMailer()) => ({
    ...billingDeps(db, clock, payments),
    mailer,
    origin: 'http://x.test',
  });

  it('refuses a signature timestamped beyond the tolerance in the future, as in the past', async () => {
    const { orgId, sessionId } = await openTopUp();
    const body = paidEvent(sessionId);
    for (const ahead of [600, 301]) {
      expect(await codeOf(receiveStripeWebhook(deps(), body, sign(body, nowS() + ahead)))).toBe(
        'STRIPE_SIGNATURE_INVALID',
      );
    }
    expect((await wallet(db, orgId)).balance).toBe(0);
    // A clock a little ahead of ours is within the tolerance.
    expect(await receiveStripeWebhook(deps(), body, sign(body, nowS() + 60))).toBe('credited');
    expect((await wallet(db, orgId)).balance).toBe(5_000_000);
  });

  it.each<[string, { amount_total?: number; currency?: string }]>([
    ['an amount that is not the top-up', { amount_total: 50_000 }],
    ['a currency that is not ours', { currency: 'eur' }],
  ])('does not credit a paid session with %s: audited, owners mailed', async (_what, session) => {
    const { orgId, topUpId, sessionId, ownerEmail } = await openTopUp();
    const mailer = recordingMailer();
    const body = paidEvent(sessionId, session);
    expect(await receiveStripeWebhook(deps(mailer), body, sign(body))).toBe('amount_mismatch');
    expect((await wallet(db, orgId)).balance).toBe(0);
    const [topUp] = await db.select().from(schema.topUps).where(eq(schema.topUps.id, topUpId));
    expect(topUp!.status).not.toBe('paid');
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.orgId, orgId));
    const refused = audit.find((a) => a.action === 'billing.top_up.amount_mismatch');
    expect(refused).toBeDefined();
    expect(refused!.after).toMatchObject({
      expected: { amount_cents: 500, currency: 'usd' },
      received: {
        amount_cents: session.amount_total ?? 500,
        currency: session.currency ?? 'usd',
      },
      checkout_session_id: sessionId,
    });
    expect(mailer.sent.map((m) => m.to)).toEqual([ownerEmail]);
    expect(mailer.sent[0]!.subject).toMatch(/not credited/i);
  });
});
