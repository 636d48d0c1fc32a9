import { randomBytes, randomUUID } from 'node:crypto';
import { schema, type Db } from '../db';
import { issueApiKey, type IssuedKey } from './issue-api-key';

export interface CreatedOrg extends IssuedKey {
  orgId: string;
}

/** A new organization with its first API key and, when given, a starting credit (ledgered). */
export async function createOrg(
  db: Db,
  input: { name: string; startingCreditMicros: number },
  now: Date,
): Promise<CreatedOrg> {
  const orgId = randomUUID();
  return db.transaction(async (tx) => {
    await tx.insert(schema.organizations).values({
      id: orgId,
      name: input.name,
      balanceMicros: input.startingCreditMicros,
      startingCreditMicros: input.startingCreditMicros,
      webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
      createdAt: now,
    });
    if (input.startingCreditMicros > 0) {
      await tx.insert(schema.walletLedger).values({
        orgId,
        kind: 'starting_credit',
        amountMicros: input.startingCreditMicros,
        balanceAfterMicros: input.startingCreditMicros,
        reference: `starting_credit:${orgId}`,
        createdAt: now,
      });
    }
    const key = await issueApiKey(tx, orgId, now);
    return { orgId, ...key };
  });
}
