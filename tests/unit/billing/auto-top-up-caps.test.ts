import { describe, expect, it } from 'vitest';
import { startDueAutoTopUps } from '@/lib/wallet/billing/auto-top-up/run-due-auto-top-ups';

import type { AutoTopUpDeps } from '@/lib/wallet/billing/auto-top-up/types';
import type { Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { getOrgOrThrow } from '@/lib/accounts/orgs/get-org';
import { autoTopUpAlwaysDue, billingDeps, manualClock, noMail } from './billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';

// The caps on the injected clock (the API suite runs on the real one): three attempts per UTC
// day, the monthly cap per UTC calendar month, both starting over when the day or month does.
// The sandbox card pays at once, so only the caps stop a threshold no recharge reaches.
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));

const DAY = 24 * 60 * 60 * 1000;

describe('auto top-up caps', () => {
  it('three a day, the monthly cap per calendar month, both renewed on the clock', async () => {
    const clock = manualClock(Date.parse('2026-11-29T09:00:00Z'));
    const deps: AutoTopUpDeps = {
      ...billingDeps(db, clock),
      mailer: noMail,
      origin: 'http://x',
      webhookWaitMs: 60 * 60_000,
    };
    const { orgId } = await createOrg(db, { name: 'caps', startingCreditMicros: 0 }, new Date());
    await autoTopUpAlwaysDue(deps, orgId, 25);
    /** Scheduler passes until one starts nothing; the balance in dollars after them. */
    const drain = async () => {
      for (;;) {
        const pass = await startDueAutoTopUps(deps, 8);
        await Promise.all(pass.running);
        if (pass.started === 0) break;
      }
      return (await getOrgOrThrow(db, orgId)).balanceMicros / 1_000_000;
    };
    expect(await drain()).toBe(15); // Nov 29: three recharges, then the day is full
    clock.advance(DAY);
    expect(await drain()).toBe(25); // Nov 30: two more reach the $25 monthly cap
    clock.advance(DAY);
    expect(await drain()).toBe(40); // Dec 1: a new month and a new day
  });
});
