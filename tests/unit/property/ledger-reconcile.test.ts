// A customer reconciles the ledger: over any time range, the amounts listed (JSON pages or the
// CSV export) sum to the change of balance over that range. Random histories of top-ups, speech
// charges, refunds and disputes on PGlite; ranges anywhere, page sizes small to cross cursors.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { completeTopUp } from '@/lib/wallet/billing/complete-top-up';
import { listLedger } from '@/lib/wallet/billing/list-ledger';
import { applyDispute } from '@/lib/wallet/billing/apply-dispute';
import { applyRefund } from '@/lib/wallet/billing/apply-refund';
import { streamLedgerCsv } from '@/lib/wallet/billing/stream-ledger-csv';
import type { Db } from '@/lib/adapters/db';

import {
  billingDeps,
  chargeSpeech,
  ledgerOf,
  manualClock,
  newOrg,
  startedSession,
  wallet,
} from '../billing/billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';

const clock = manualClock();
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));

const op = fc.oneof(
  fc.record({ kind: fc.constant('top_up' as const), cents: fc.integer({ min: 500, max: 5000 }) }),
  fc.record({ kind: fc.constant('speech' as const), chars: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({
    kind: fc.constant('refund' as const),
    which: fc.nat(),
    cents: fc.integer({ min: 1, max: 5000 }),
  }),
  fc.record({
    kind: fc.constant('dispute' as const),
    which: fc.nat(),
    outcome: fc.constantFrom('opened' as const, 'lost' as const, 'won' as const),
  }),
);
const step = fc.record({ op, gapMs: fc.integer({ min: 0, max: 60_000 }) });

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function replay(orgId: string, steps: Step[]) {
  const deps = billingDeps(db, clock);
  const paid: { pi: string; cents: number; refunded: number }[] = [];
  for (const { op: o, gapMs } of steps) {
    clock.advance(gapMs);
    const now = new Date(clock.now());
    if (o.kind === 'top_up') {
      const { sessionId } = await startedSession(deps, orgId, o.cents);
      const pi = `pi_${randomUUID()}`;
      await completeTopUp(deps, { sessionId, paymentIntentId: pi, now });
      paid.push({ pi, cents: o.cents, refunded: 0 });
    } else if (o.kind === 'speech') {
      await chargeSpeech(db, orgId, o.chars, now).catch(() => undefined); // no balance or in debt: refused, nothing written
    } else if (paid.length > 0) {
      const target = paid[o.which % paid.length]!;
      if (o.kind === 'refund') {
        target.refunded = Math.min(target.cents, target.refunded + o.cents);
        await applyRefund(db, {
          chargeId: `ch_${target.pi}`,
          paymentIntentId: target.pi,
          amountRefundedCents: target.refunded,
          now,
        });
      } else {
        await applyDispute(db, {
          disputeId: `dp_${target.pi}`,
          chargeId: '',
          paymentIntentId: target.pi,
          amountCents: target.cents,
          outcome: o.outcome,
          now,
        });
      }
    }
  }
}

async function pagedAmounts(orgId: string, from: Date, to: Date, limit: number) {
  const amounts: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listLedger(db, orgId, { from, to, cursor, limit });
    amounts.push(...page.entries.map((e) => Math.round(e.amount_usd * 1_000_000)));
    if (!page.next_cursor) return amounts;
    cursor = page.next_cursor;
  }
}

async function csvAmounts(orgId: string, from: Date, to: Date) {
  const text = await new Response(streamLedgerCsv(db, orgId, { from, to })).text();
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Math.round(Number(line.split(',')[3]) * 1_000_000));
}

it('over any range, listed amounts sum to the change of balance (JSON pages and CSV)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 1, maxLength: 14 }),
      fc.nat(),
      fc.nat(),
      fc.integer({ min: 1, max: 4 }),
      async (steps, a, b, limit) => {
        const { orgId } = await newOrg(db, clock, 1_000_000);
        const start = clock.now();
        await replay(orgId, steps);
        const rows = await ledgerOf(db, orgId);
        const span = clock.now() - start + 2;
        const [lo, hi] = [start - 1 + (a % span), start - 1 + (b % span)].sort((x, y) => x - y);
        const from = new Date(lo!);
        const to = new Date(hi!);
        // The balance at an instant: the last row before it says what the wallet held.
        const balanceAt = (t: Date) =>
          rows.filter((r) => r.createdAt < t).at(-1)?.balanceAfterMicros ?? 0;
        const change = balanceAt(to) - balanceAt(from);
        const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
        expect(sum(await pagedAmounts(orgId, from, to, limit))).toBe(change);
        expect(sum(await csvAmounts(orgId, from, to))).toBe(change);
        // And the whole ledger re-derives the wallet and what is owed.
        const w = await wallet(db, orgId);
        expect(sum(rows.map((r) => r.amountMicros))).toBe(w.balance);
        expect(sum(rows.map((r) => r.owedChangeMicros ?? 0))).toBe(w.owed);
      },
    ),
    { numRuns: 25 },
  );
}, 120_000);
