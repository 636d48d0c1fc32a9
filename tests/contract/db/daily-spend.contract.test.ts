import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/adapters/db';
import { dailySpend } from '@/lib/wallet/billing/daily-spend';
import { applyLedgerEntry } from '@/lib/wallet';
import { createOrg } from '@/lib/composition/create-org';
import { databaseAdapters, type TestDatabase } from '../../support/databases';

// The console's spend chart: calls and speech summed per UTC day in SQL, quiet days as zeros.
describe.each(databaseAdapters)('daily spend on $name', (adapter) => {
  let handle: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    handle = await adapter.open();
    db = await handle.database.ready();
  }, 30_000);
  afterAll(() => handle.dispose());

  it('sums charges per UTC day, calls apart from speech, leaving out deposits and other orgs', async () => {
    const at = (iso: string) => new Date(iso);
    const org = await createOrg(
      db,
      { name: 'Spend', startingCreditMicros: 50_000_000 },
      at('2026-11-01T00:00:00Z'),
    );
    const other = await createOrg(
      db,
      { name: 'Other', startingCreditMicros: 50_000_000 },
      at('2026-11-01T00:00:00Z'),
    );
    const charge = (
      orgId: string,
      kind: 'call_charge' | 'speech_charge',
      micros: number,
      iso: string,
      ref: string,
    ) => applyLedgerEntry(db, { orgId, kind, amountMicros: -micros, reference: ref, now: at(iso) });
    await charge(org.orgId, 'call_charge', 1_200_000, '2026-11-03T00:00:00Z', 'c1');
    await charge(org.orgId, 'call_charge', 300_000, '2026-11-03T23:59:59Z', 'c2');
    await charge(org.orgId, 'speech_charge', 45_000, '2026-11-03T12:00:00Z', 's1');
    await charge(org.orgId, 'speech_charge', 5_000, '2026-11-05T08:00:00Z', 's2');
    await charge(org.orgId, 'call_charge', 9_000_000, '2026-10-20T08:00:00Z', 'too-old');
    await charge(other.orgId, 'call_charge', 7_000_000, '2026-11-03T08:00:00Z', 'theirs');
    await applyLedgerEntry(db, {
      orgId: org.orgId,
      kind: 'deposit',
      amountMicros: 5_000_000,
      now: at('2026-11-03T09:00:00Z'),
    });

    const days = await dailySpend(db, org.orgId, { now: at('2026-11-05T15:00:00Z'), days: 4 });
    expect(days).toEqual([
      { day: '2026-11-02', callsMicros: 0, speechMicros: 0 },
      { day: '2026-11-03', callsMicros: 1_500_000, speechMicros: 45_000 },
      { day: '2026-11-04', callsMicros: 0, speechMicros: 0 },
      { day: '2026-11-05', callsMicros: 0, speechMicros: 5_000 },
    ]);
  });
});
