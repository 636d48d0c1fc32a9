import { randomUUID } from 'node:crypto';
import { schema, type Executor } from '../db';
import { newWebhookSecret } from './new-webhook-secret';

/** An organization row and, when given, its starting credit (ledgered); returns its id. */
export async function insertOrg(
  tx: Executor,
  input: { name: string; startingCreditMicros: number },
  now: Date,
): Promise<string> {
  const orgId = randomUUID();
  await tx.insert(schema.organizations).values({
    id: orgId,
    name: input.name,
    balanceMicros: input.startingCreditMicros,
    startingCreditMicros: input.startingCreditMicros,
    webhookSecret: newWebhookSecret(),
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
  return orgId;
}
