import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyzeBatch } from '@/lib/calls/batches/analyze-batch';
import { createBatch } from '@/lib/calls/batches/create-batch';
import { schema, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';
import {
  playCalls,
  speechEngineForFile,
  testCallDeps,
  TEST_CALL_SETTINGS,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';

// A batch from a key with a monthly spend cap, played to its end on the sandbox line and a clock
// the test moves: each call reserves its longest cost against the cap when it is dialed, like a
// single call at dispatch, so the month never runs past the cap by more than one call.

const speech = speechEngineForFile();
const PRICE = TEST_CALL_SETTINGS.pricePerMinuteMicros; // $0.09 a started minute
const MAX_MINUTES = 2;
const RESERVATION = MAX_MINUTES * PRICE; // $0.18: a call's longest cost
const CAP = 200_000; // $0.20
const ROWS = 8;

describe.each(databaseAdapters)('batch calls against a key cap on $name', (adapter) => {
  let db: Db;
  let deps: TestCallDeps;
  openForSuite(adapter, (opened) => {
    db = opened;
    deps = testCallDeps(db, speech.current);
  });

  it('reserves each call at its dial: the month stays within cap + one call, refused calls end unplaced and unbilled with KEY_SPEND_CAP_REACHED, the batch completes', async () => {
    const now = new Date(deps.clock.now());
    const { orgId } = await createOrg(
      db,
      { name: 'Capped batch', startingCreditMicros: 10_000_000 },
      now,
    );
    const { keyId } = await issueApiKey(db, orgId, now, { spendCapMicros: CAP });
    const { batch_id } = await createBatch(deps, {
      orgId,
      origin: 'https://api.test',
      key: { keyId, spendCapMicros: CAP },
      body: {
        base_prompt: 'Confirm the delivery for Tuesday.',
        label: 'Capped',
        call_params: { max_duration: MAX_MINUTES },
        call_data: Array.from({ length: ROWS }, () => ({ phone_number: '+14155550123' })),
      },
    });
    const c = schema.calls;
    const ids = (await db.select({ id: c.id }).from(c).where(eq(c.batchId, batch_id))).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(ROWS);

    const monthSpent = async () => {
      const [key] = await db
        .select({ spent: schema.apiKeys.monthSpentMicros })
        .from(schema.apiKeys)
        .where(eq(schema.apiKeys.id, keyId));
      return key!.spent;
    };
    let peak = 0;
    await playCalls(deps, ids, {
      afterPass: async () => {
        peak = Math.max(peak, await monthSpent());
      },
    });

    // Never past the cap by more than one call's reservation, at any point of the batch.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(CAP + RESERVATION);

    const calls = await db.select().from(c).where(eq(c.batchId, batch_id));
    const completed = calls.filter((call) => call.queueStatus === 'complete');
    const refused = calls.filter((call) => call.queueStatus === 'call_error');
    expect(completed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(completed.length + refused.length).toBe(ROWS);
    for (const call of refused) {
      // Ended before the line: never dialled, nothing charged, and the reason says so.
      expect(call.startedAt).toBeNull();
      expect(call.priceMicros).toBe(0);
      expect(call.errorMessage).toMatch(/^KEY_SPEND_CAP_REACHED: .*\$0\.20/);
    }

    // The real charges are what the key's month counts once every call has ended.
    const charges = await db
      .select({ amount: schema.walletLedger.amountMicros })
      .from(schema.walletLedger)
      .where(
        and(eq(schema.walletLedger.keyId, keyId), eq(schema.walletLedger.kind, 'call_charge')),
      );
    const charged = -charges.reduce((sum, row) => sum + row.amount, 0);
    expect(charged).toBe(completed.reduce((sum, call) => sum + call.priceMicros!, 0));
    expect(await monthSpent()).toBe(charged);
    expect(charged).toBeLessThanOrEqual(CAP + RESERVATION);

    // The batch is done, and its analysis names each refused call with the error.
    const { analysis } = await analyzeBatch(db, batch_id);
    expect(analysis.in_progress_calls).toBe(0);
    expect(analysis.completed_calls).toBe(ROWS);
    expect(analysis.error_messages.map((e) => e.call_id).sort()).toEqual(
      refused.map((call) => call.id).sort(),
    );
    for (const error of analysis.error_messages)
      expect(error.error_message).toContain('KEY_SPEND_CAP_REACHED');
  }, 120_000);
});
