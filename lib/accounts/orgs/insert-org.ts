import { randomUUID } from 'node:crypto';
import { schema, type Executor } from '../../adapters/db';
import { grantStartingCredit } from '../../wallet';
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
    webhookSecret: newWebhookSecret(),
    createdAt: now,
  });
  await grantStartingCredit(tx, orgId, input.startingCreditMicros, now);
  return orgId;
}
