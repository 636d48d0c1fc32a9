import { randomUUID } from 'node:crypto';
import { schema, type Executor } from '../../adapters/db';
import { newWebhookSecret } from './new-webhook-secret';

/**
 * The wallet's move that gives a new organization its starting credit (ledgered), inside the
 * transaction that inserted it. Accounts sit below the wallet (which audits and mails through
 * accounts), so the composition root hands the move in instead of accounts importing it.
 */
export type GrantStartingCredit = (
  tx: Executor,
  orgId: string,
  micros: number,
  now: Date,
) => Promise<void>;

/** A starting credit and the wallet move that grants it. */
export interface StartingCredit {
  micros: number;
  grant: GrantStartingCredit;
}

/** An organization row and, when given, its starting credit; returns its id. */
export async function insertOrg(
  tx: Executor,
  input: { name: string; startingCredit: StartingCredit | null },
  now: Date,
): Promise<string> {
  const orgId = randomUUID();
  await tx.insert(schema.organizations).values({
    id: orgId,
    name: input.name,
    webhookSecret: newWebhookSecret(),
    createdAt: now,
  });
  const credit = input.startingCredit;
  if (credit) await credit.grant(tx, orgId, credit.micros, now);
  return orgId;
}
