import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/adapters/db';
import { startTopUp } from '@/lib/wallet/billing/start-top-up';
import { saveAutoTopUp } from '@/lib/wallet/billing/auto-top-up/save-auto-top-up';
import type { AutoTopUpDeps } from '@/lib/wallet/billing/auto-top-up/types';
import type { BillingDeps } from '@/lib/wallet/billing/types';
import { createOrg } from '@/lib/composition/create-org';
import type { Mailer } from '@/lib/adapters/mail';
import {
  SandboxPayments,
  type CheckoutRequest,
  type PaymentIntentOutcome,
  type PaymentProvider,
  type SavedCardCharge,
  type SavedCardResult,
} from '@/lib/adapters/payments';
import type { Clock } from '@/lib/platform/runtime/clock';
import { reserveSpeech } from '@/lib/speech/speech-billing';

/** A clock tests move by hand. */
export function manualClock(
  start = Date.parse('2026-11-01T12:00:00Z'),
): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    sleep: () => Promise.resolve(),
    advance: (ms) => {
      now += ms;
    },
  };
}

/** Speech charged to the org's wallet at `now` (50 µ$ a character); rejects when refused. */
export const chargeSpeech = (db: Db, orgId: string, characters: number, now: Date) =>
  reserveSpeech(
    db,
    { orgId, generationId: randomUUID(), characters, pricePer1kMicros: 50_000 },
    now,
  );

export function billingDeps(
  db: Db,
  clock: Clock,
  payments: PaymentProvider = new SandboxPayments(),
): BillingDeps {
  return {
    db,
    payments,
    clock,
    settings: { minTopUpMicros: 5_000_000, maxTopUpMicros: 1_000_000_000 },
  };
}

export async function newOrg(db: Db, clock: Clock, startingCreditMicros = 0) {
  return createOrg(db, { name: 'Acme', startingCreditMicros }, new Date(clock.now()));
}

/** A started top-up's checkout session id (what a Stripe event names). */
export async function startedSession(deps: BillingDeps, orgId: string, amountCents: number) {
  const started = await startTopUp(deps, {
    orgId,
    amountCents,
    keyId: null,
    origin: 'http://x.test',
    actor: { type: 'system', id: null },
  });
  const [row] = await deps.db
    .select({ sessionId: schema.topUps.checkoutSessionId })
    .from(schema.topUps)
    .where(eq(schema.topUps.id, started.top_up_id));
  return { ...started, sessionId: row!.sessionId };
}

export async function wallet(db: Db, orgId: string) {
  const { balance, owed, deposits } = await walletColumns(db, orgId);
  return { balance, owed, deposits };
}

/** Every balance column of the org's wallet row. */
export async function walletColumns(db: Db, orgId: string) {
  const [org] = await db
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  return {
    balance: org!.balanceMicros,
    held: org!.heldMicros,
    owed: org!.owedMicros,
    deposits: org!.depositsMicros,
    starting: org!.startingCreditMicros,
  };
}

export async function ledgerOf(db: Db, orgId: string) {
  return db
    .select()
    .from(schema.walletLedger)
    .where(eq(schema.walletLedger.orgId, orgId))
    .orderBy(schema.walletLedger.id);
}

/** Auto top-up turned on under a $1,000 threshold, so always due: $5 a recharge, `capUsd` a month. */
export const autoTopUpAlwaysDue = (deps: AutoTopUpDeps, orgId: string, capUsd: number) =>
  saveAutoTopUp(
    deps,
    {
      orgId,
      enabled: true,
      threshold_usd: 1000,
      amount_usd: 5,
      monthly_cap_usd: capUsd,
      low_balance_usd: null,
      confirm_charge_now: true,
    },
    { type: 'system', id: null },
  );

/** Mail nobody reads (the auto top-up passes send some). */
export const noMail: Mailer = { kind: 'outbox', description: 'none', send: async () => {} };

/**
 * A provider that accepts every charge (no webhook follows) and answers status as scripted; or,
 * `unreachable`, one whose every charge ends in a network error (the outcome never known).
 */
export function silentStripe() {
  const sandbox = new SandboxPayments();
  const provider = {
    kind: 'stripe' as const,
    description: 'accepts charges, sends no webhook (test)',
    asked: [] as string[],
    answer: { status: 'paid' } as PaymentIntentOutcome | 'unreadable',
    unreachable: false,
    /** The idempotency key of every charge tried. */
    keys: [] as string[],
    createCustomer: async () => null,
    createCheckout: (input: CheckoutRequest) => sandbox.createCheckout(input),
    verifyEvent: () => sandbox.verifyEvent(),
    receiptFor: async () => null,
    chargeSavedCard: async (input: SavedCardCharge): Promise<SavedCardResult> => {
      provider.keys.push(input.idempotencyKey);
      if (provider.unreachable) throw new Error('connect ETIMEDOUT api.stripe.com');
      return { status: 'pending', paymentIntentId: `pi_${input.attemptId}` };
    },
    paymentIntentOutcome: async (paymentIntentId: string): Promise<PaymentIntentOutcome> => {
      provider.asked.push(paymentIntentId);
      if (provider.answer === 'unreadable') throw new Error('Stripe answered 503');
      return provider.answer;
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
