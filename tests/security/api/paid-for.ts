import type pg from 'pg';
import { expect } from 'vitest';
import { waitForEnd, type TestOrg } from '../../support/voice-api';

/** The wallet as the database has it: balance, what is held, and the ledger's sum. */
async function wallet(sql: pg.Client, orgId: string) {
  const { rows } = await sql.query<{ balance: string; ledger: string }>(
    `SELECT o.balance_micros AS balance,
            (SELECT coalesce(sum(amount_micros), 0) FROM wallet_ledger WHERE org_id = o.id) AS ledger
       FROM organizations o WHERE o.id = $1`,
    [orgId],
  );
  return { balance: Number(rows[0]!.balance), ledger: Number(rows[0]!.ledger) };
}

/**
 * Every call ended, none that connected was free, the org paid at most its $1, and the ledger
 * sums to the balance.
 */
export async function expectPaidFor(
  sql: pg.Client,
  base: string,
  org: TestOrg,
  callIds: string[],
): Promise<void> {
  let charged = 0;
  for (const id of callIds) {
    const call = await waitForEnd(base, org.apiKey, id, 60_000);
    charged += call.price ?? 0;
    // A call that connected is never priced $0.
    if (Number(call.corrected_duration) > 0 || call.answered_by === 'human')
      expect(call.price, `call ${id}`).toBeGreaterThan(0);
  }
  expect(charged).toBeLessThanOrEqual(1 + 1e-9);
  const after = await wallet(sql, org.orgId);
  expect(after.ledger).toBe(after.balance);
  expect(after.balance).toBe(Math.round((1 - charged) * 1e6));
}
