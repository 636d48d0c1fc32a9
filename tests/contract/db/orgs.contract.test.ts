import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { applyLedgerEntry, ledgerBalance } from '@/lib/wallet';
import { authenticateOrg } from '@/lib/accounts/orgs/authenticate-org';
import { createOrg } from '@/lib/composition/create-org';
import { describeOrg } from '@/lib/wallet/describe-org';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';
import { revokeApiKey } from '@/lib/accounts/orgs/revoke-api-key';
import { setLimitOverrides } from '@/lib/wallet/limits/set-limit-overrides';
import { databaseAdapters, openForSuite } from '../../support/databases';

const now = new Date('2026-11-01T12:00:00Z');

describe.each(databaseAdapters)('orgs, keys and wallet on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  it('creates an org whose key authenticates it, bearer or bare', async () => {
    const org = await createOrg(db, { name: 'Acme', startingCreditMicros: 0 }, now);
    expect(org.apiKey).toMatch(/^vai_sk_[A-Za-z0-9_-]{43}$/);
    await expect(authenticateOrg(db, `Bearer ${org.apiKey}`)).resolves.toMatchObject({
      orgId: org.orgId,
    });
    await expect(authenticateOrg(db, org.apiKey)).resolves.toMatchObject({ orgId: org.orgId });
    await expect(authenticateOrg(db, `Bearer ${org.apiKey}x`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(authenticateOrg(db, null)).rejects.toBeInstanceOf(ApiError);
  });

  it('stores only a hash of the key, and a revoked key stops working while others go on', async () => {
    const org = await createOrg(db, { name: 'Keys', startingCreditMicros: 0 }, now);
    const second = await issueApiKey(db, org.orgId, now);
    const detail = await describeOrg(db, org.orgId);
    expect(JSON.stringify(detail)).not.toContain(org.apiKey);
    expect(detail.api_keys).toHaveLength(2);
    await revokeApiKey(db, org.orgId, org.keyId, now);
    await expect(authenticateOrg(db, org.apiKey)).rejects.toMatchObject({ status: 401 });
    await expect(authenticateOrg(db, second.apiKey)).resolves.toMatchObject({ orgId: org.orgId });
    await expect(revokeApiKey(db, org.orgId, org.keyId, now)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('keeps the starting credit out of the $5 unlock; deposits unlock for good', async () => {
    const org = await createOrg(db, { name: 'Tier', startingCreditMicros: 10_000_000 }, now);
    let detail = await describeOrg(db, org.orgId);
    expect(detail.wallet).toEqual({ balance_usd: 10, deposits_usd: 0, starting_credit_usd: 10 });
    expect(detail.limits.concurrency).toBe(1);
    await applyLedgerEntry(db, { orgId: org.orgId, kind: 'deposit', amountMicros: 4_990_000, now });
    expect((await describeOrg(db, org.orgId)).unlocked).toBe(false);
    await applyLedgerEntry(db, { orgId: org.orgId, kind: 'deposit', amountMicros: 10_000, now });
    detail = await describeOrg(db, org.orgId);
    expect(detail.unlocked).toBe(true);
    expect(detail.limits).toEqual({
      concurrency: 5,
      instant_clones: 10,
      live_clones: 1,
      concurrent_calls: 10,
    });
    // Spending the whole balance does not lower the tier.
    await applyLedgerEntry(db, {
      orgId: org.orgId,
      kind: 'call_charge',
      amountMicros: -15_000_000,
      reference: 'spend-all',
      now,
    });
    detail = await describeOrg(db, org.orgId);
    expect(detail.wallet.balance_usd).toBe(0);
    expect(detail.limits.concurrency).toBe(5);
    await setLimitOverrides(db, org.orgId, { concurrency: 40, concurrent_calls: 2 });
    expect((await describeOrg(db, org.orgId)).limits).toMatchObject({
      concurrency: 40,
      concurrent_calls: 2,
    });
  });

  it('never lets concurrent charges take a wallet below zero, and the ledger re-derives the balance', async () => {
    const org = await createOrg(db, { name: 'Race', startingCreditMicros: 1_000_000 }, now);
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        applyLedgerEntry(db, {
          orgId: org.orgId,
          kind: 'call_charge',
          amountMicros: -100_000,
          reference: `race-${i}`,
          now,
        }),
      ),
    );
    const charged = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as ApiError).code === 'INSUFFICIENT_BALANCE',
    ).length;
    expect(charged).toBe(10);
    expect(refused).toBe(15);
    const detail = await describeOrg(db, org.orgId);
    expect(detail.wallet.balance_usd).toBe(0);
    expect(await ledgerBalance(db, org.orgId)).toBe(0);
  });

  it('applies a charge with the same reference once', async () => {
    const org = await createOrg(db, { name: 'Once', startingCreditMicros: 1_000_000 }, now);
    const entry = {
      orgId: org.orgId,
      kind: 'call_charge' as const,
      amountMicros: -90_000,
      reference: 'call-1',
      now,
    };
    await expect(applyLedgerEntry(db, entry)).resolves.toMatchObject({ applied: true });
    await expect(applyLedgerEntry(db, entry)).resolves.toEqual({
      applied: false,
      reason: 'already_applied',
    });
    expect((await describeOrg(db, org.orgId)).wallet.balance_usd).toBeCloseTo(0.91);
    expect(await ledgerBalance(db, org.orgId)).toBe(910_000);
  });
});
